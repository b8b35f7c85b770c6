export * from './next-runs.js';
export * from './schedule-timing.js';
export * from './tick-plan.js';
