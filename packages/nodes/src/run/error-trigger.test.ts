import { describe, expect, it } from 'vitest';
import { errorTriggerNode } from '../error-trigger.node.js';
import { EXAMPLE_FAILED_EXECUTION } from './error-trigger.js';
import { nodeHarness } from './node-test-kit.js';

describe('Error Trigger run', () => {
  it('emits the failed execution it was started with', async () => {
    const node = nodeHarness(errorTriggerNode);
    const failed = { executionId: 'e1', workflowId: 'w1', workflowName: 'Nightly', trigger: 'api', error: 'boom', failedNode: null, url: 'u', at: 't' };
    expect(await node.run({ runInput: failed })).toEqual({ outputs: { output: failed } });
    expect(node.logs).toEqual([]);
  });

  it('emits the example, marked as a test, when run by hand', async () => {
    const node = nodeHarness(errorTriggerNode);
    expect(await node.run()).toEqual({ outputs: { output: EXAMPLE_FAILED_EXECUTION } });
    expect(EXAMPLE_FAILED_EXECUTION.test).toBe(true);
    expect(node.logs[0]?.message).toMatch(/not started as an error workflow.*example/);
  });

  it('takes no text or list as a failed execution', async () => {
    const node = nodeHarness(errorTriggerNode);
    expect(await node.run({ runInput: 'text' })).toEqual({ outputs: { output: EXAMPLE_FAILED_EXECUTION } });
    expect(await node.run({ runInput: [1] })).toEqual({ outputs: { output: EXAMPLE_FAILED_EXECUTION } });
  });
});
