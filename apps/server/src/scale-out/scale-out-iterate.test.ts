import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '../runs/execution-types.js';
import { createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { signUp } from '../test-support/test-weft.js';

describe('Scale-out: pinned outputs and "Run this node" travel to the worker', () => {
  const getCluster = useScaleOutCluster();

  it('feeds a pinned node its pins and a single-node run the last run outputs, on the worker', async () => {
    const { api } = getCluster();
    const user = await signUp(api);
    const document = workflow(
      'Pins',
      [node('in', 'input.text', { text: 'live' }), node('tpl', 'text.template', { template: '{{input}}!' }), node('out', 'output')],
      [edge('in', 'tpl'), edge('tpl', 'out')],
    );
    const workflowId = await createWorkflow(api, user, { ...document, pinData: { in: { output: 'pinned' } } });
    const run = async (payload: object) => {
      const response = await api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { execution: ExecutionDetail; scope?: { reused: string[] } };
    };

    const pinned = await run({});
    expect(pinned.execution).toMatchObject({ status: 'success', outputs: { out: 'pinned!' } });
    expect(pinned.execution.nodes.in).toMatchObject({ source: 'pinned' });

    const single = await run({ target: { nodeId: 'out', mode: 'node' } });
    expect(single.scope?.reused).toEqual(['tpl']);
    expect(single.execution).toMatchObject({ status: 'success', outputs: { out: 'pinned!' } });
    expect(Object.keys(single.execution.nodes).sort()).toEqual(['out', 'tpl']);
  });
});
