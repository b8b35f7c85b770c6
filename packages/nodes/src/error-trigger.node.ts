import type { ConfigOf } from '@weft/core';
import { defineConfig, defineNode } from './define-node.js';
import { runErrorTrigger } from './run/error-trigger.js';

/** Error Trigger has no settings: what it emits is the failed run's. */
export const errorTriggerConfig = defineConfig([]);

export type ErrorTriggerConfig = ConfigOf<typeof errorTriggerConfig>;

/**
 * The start of an error workflow (n8n's Error Trigger): when a workflow that names this
 * one as its error workflow fails, this one runs and the node emits the failed execution.
 * A run started any other way (the Run button) emits an example, marked `test`, so what
 * comes after can be built and tried.
 */
export const errorTriggerNode = defineNode({
  type: 'trigger.error',
  version: 1,
  title: 'Error Trigger',
  category: 'Inputs',
  description: 'Starts this workflow when another workflow fails, with the failed execution.',
  inputs: [],
  outputs: [
    {
      id: 'output',
      label: 'Failed execution',
      type: 'json',
      description: '{ executionId, workflowId, workflowName, trigger, error, failedNode, url, scheduleId?, at }',
    },
  ],
  config: errorTriggerConfig,
  run: runErrorTrigger,
  docs: `Makes this workflow an **error workflow**: pick it under *Workflow settings → Failure alerts → Error workflow* of the workflows to watch. When one of their runs started by a schedule, a webhook or the API fails (the first failure after a success: one per failure streak), this workflow runs and the node emits the failed execution:

- \`executionId\`, \`workflowId\`, \`workflowName\`: the run that failed and its workflow
- \`trigger\`: \`schedule\`, \`webhook\` or \`api\`; \`scheduleId\` when a schedule started it
- \`error\`: why it failed; \`failedNode\`: \`{ id, label, error }\` of the node that failed first, or null
- \`url\`: opens the failed run in the editor; \`at\`: when it failed

Use it in the next nodes as \`{{input.workflowName}}\`, \`{{input.error}}\` or \`{{input.url}}\` (a Template, Slack Message or Send E-mail). Runs of an error workflow show the trigger *Error workflow*. If an error workflow itself fails, its own e-mail, Slack and webhook alerts go out but no further error workflow starts, so two workflows naming each other cannot loop.

Run by hand (the Run button), the node emits an example failure marked \`"test": true\`.`,
});
