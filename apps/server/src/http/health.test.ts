import { describe, expect, it } from 'vitest';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { signUp, startTestWeft } from '../test-support/test-weft.js';

/** Issue 9, fault 7: a readiness answer, and 503 with Retry-After (not 500) while a process stops. */
describe('health and shutdown', () => {
  it('answers ready with the database checked, and 503 naming it when it does not answer', async () => {
    const weft = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });
    const ready = await weft.app.inject({ method: 'GET', url: '/api/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: 'ok' });

    await weft.database.close();
    const broken = await weft.app.inject({ method: 'GET', url: '/api/health' });
    expect(broken.statusCode).toBe(503);
    expect(broken.headers['retry-after']).toBe('5');
    expect(broken.json()).toMatchObject({ ok: false, database: expect.stringMatching(/^error: /) });
    await weft.app.close();
  });

  it('answers 503 with Retry-After, not 500, to every API request while stopping', async () => {
    const gateMap = gates();
    const weft = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' }, ...withNodeTypes(gateNodeType(gateMap)) });
    const user = await signUp(weft);
    const workflowId = await insertWorkflow(
      weft,
      user.userId,
      workflow('Held', [node('hold', GATE_NODE_TYPE, { gate: 'g' }), node('out', 'output')], [edge('hold', 'out')]),
    );
    const started = await weft.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run`, headers: user.headers, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    await gateMap.named('g').entered;

    const closing = weft.close();
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/workflows'],
      ['POST', `/api/workflows/${workflowId}/run`],
    ] as const) {
      const answer = await weft.app.inject({ method, url, headers: user.headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ code: 'shutting_down', detail: 'Weft is restarting. Try again in a few seconds.' });
    }
    await closing;
  });
});
