export * from './data-types.js';
export * from './initials.js';
export * from './node-definition.js';
export * from './workflow.js';
