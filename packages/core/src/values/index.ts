export * from './convert.js';
export * from './data-values.js';
export * from './merge.js';
