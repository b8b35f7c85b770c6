export * from './events.js';
export * from './execute.js';
export * from './node-results.js';
export * from './run-scope.js';
export * from './run-state.js';
export * from './types.js';
