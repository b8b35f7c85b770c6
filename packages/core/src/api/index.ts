export * from './executions.js';
