export * from './format-usd.js';
export * from './model-prices.js';
export * from './price-of.js';
export * from './run-usage.js';
