export * from './alerts.js';
export * from './collections.js';
export * from './executions.js';
export * from './files.js';
export * from './schedules.js';
export * from './usage.js';
export * from './workflow-versions.js';
export * from './workflows.js';
