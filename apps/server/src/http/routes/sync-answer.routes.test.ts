import { describe, expect, it } from 'vitest';
import { edge, insertWorkflow, node, workflow } from '../../test-support/run-fixtures.js';
import { useScaleOutCluster } from '../../test-support/scale-out-weft.js';
import { describeEachDatabase, signUp, useTestWeft } from '../../test-support/test-weft.js';

const PUBLIC_URL = 'http://weft.test';

/**
 * Issue 9, fault 6: outputs over 64 KB. Storage keeps a preview of them; a caller waiting for
 * the answer (`?wait=true`, a webhook answering with the output) gets them whole, up to
 * WEFT_SYNC_ANSWER_MAX_MB, and secrets in them masked as everywhere.
 */
describeEachDatabase('synchronous answers carry large outputs whole', (database) => {
  const weft = useTestWeft(database, { env: { PUBLIC_URL, WEFT_SCHEDULER: 'off', WEFT_SYNC_ANSWER_MAX_MB: '1' } });
  const big = (size: number) => `${'weft '.repeat(Math.ceil(size / 5))}`.slice(0, size);

  async function setUp(text: string) {
    const user = await signUp(weft());
    const workflowId = await insertWorkflow(
      weft(),
      user.userId,
      workflow('Big', [node('in', 'input.text', { text }), node('out', 'output')], [edge('in', 'out')]),
    );
    return { user, workflowId };
  }

  it('answers ?wait=true with the whole output while storage keeps a preview', async () => {
    const text = big(200 * 1024);
    const { user, workflowId } = await setUp(text);
    const run = await weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    expect(run.statusCode, run.body.slice(0, 200)).toBe(200);
    const answered = run.json().execution;
    expect(answered.outputs.out).toBe(text);

    const stored = (await weft().app.inject({ method: 'GET', url: `/api/executions/${answered.id}`, headers: user.headers })).json().execution;
    expect(stored.outputs.out).toMatchObject({ $truncated: true, bytes: expect.any(Number) });
  });

  it('answers a webhook with the whole output', async () => {
    const text = big(300 * 1024);
    const { user, workflowId } = await setUp(text);
    const hook = await weft().app.inject({ method: 'PUT', url: `/api/workflows/${workflowId}/webhook`, headers: user.headers, payload: { respond: 'output' } });
    const url = (hook.json().webhook.url as string).slice(PUBLIC_URL.length);
    const answer = await weft().app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'go' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(text);
  });

  it('past the answer limit, answers the stored form', async () => {
    const { user, workflowId } = await setUp(big(1200 * 1024));
    const run = await weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    expect(run.statusCode).toBe(200);
    expect(run.json().execution.outputs.out).toMatchObject({ $truncated: true });
  });
});

describe('scale-out: the worker hands the whole output to the waiting API process', () => {
  const getCluster = useScaleOutCluster({ env: { WEFT_SYNC_ANSWER_MAX_MB: '1' } });

  it('answers ?wait=true with the whole output run on a worker; storage keeps a preview', async () => {
    const { api } = getCluster();
    const text = 'scaled '.repeat(30_000);
    const user = await signUp(api);
    const workflowId = await insertWorkflow(
      api,
      user.userId,
      workflow('Big', [node('in', 'input.text', { text }), node('out', 'output')], [edge('in', 'out')]),
    );
    const run = await api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    expect(run.statusCode, run.body.slice(0, 200)).toBe(200);
    const answered = run.json().execution;
    expect(answered.outputs.out).toBe(text);

    const stored = (await api.app.inject({ method: 'GET', url: `/api/executions/${answered.id}`, headers: user.headers })).json().execution;
    expect(stored.outputs.out).toMatchObject({ $truncated: true });
  });
});
