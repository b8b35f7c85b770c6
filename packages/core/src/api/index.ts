export * from './executions.js';
export * from './schedules.js';
