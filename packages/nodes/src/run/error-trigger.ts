import type { FailedExecution } from '@weft/core';
import type { ErrorTriggerConfig } from '../error-trigger.node.js';
import type { NodeRunArgs } from '../node-services.js';

/** What a run started by hand emits: a failure shaped as a real one, marked as an example. */
export const EXAMPLE_FAILED_EXECUTION: FailedExecution = {
  executionId: 'example-execution',
  workflowId: 'example-workflow',
  workflowName: 'Nightly report',
  trigger: 'schedule',
  error: 'Node "Fetch sales" failed: https://example.com/sales answered 503',
  failedNode: { id: 'fetch', label: 'Fetch sales', error: 'https://example.com/sales answered 503' },
  url: 'https://weft.example.com/workflow/example-workflow?execution=example-execution',
  scheduleId: 'example-schedule',
  at: '2025-01-01T06:00:00.000Z',
  test: true,
};

/**
 * Emits the failed execution the host gave as this node's run input (an error workflow's
 * run); with none (the Run button, an API call), the example, saying so in the log.
 */
export function runErrorTrigger({ ctx }: NodeRunArgs<ErrorTriggerConfig>) {
  const given = ctx.runInput;
  if (typeof given === 'object' && given !== null && !Array.isArray(given)) return { outputs: { output: given } };
  ctx.log('No workflow failed: this run was not started as an error workflow, so the node emits an example failure (marked "test": true).');
  return { outputs: { output: EXAMPLE_FAILED_EXECUTION } };
}
