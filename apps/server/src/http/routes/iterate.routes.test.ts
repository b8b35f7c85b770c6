import type { WorkflowDocument } from '@weft/core';
import { defineNode } from '@weft/nodes';
import { describe, expect, it } from 'vitest';
import { createWorkflow, edge, node, runAndWait, withNodeTypes, workflow } from '../../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

/** Calls per test node id, so a test can tell which nodes a run really called. */
const calls = new Map<string, number>();

/**
 * `test.count`: appends its node id to its input and counts the call. `failTimes` fails that
 * many calls first (a flaky service), `hang` never answers (a timeout to hit).
 */
const countNode = defineNode({
  type: 'test.count',
  version: 1,
  title: 'Count',
  category: 'Logic',
  description: 'Counts its calls.',
  inputs: [{ id: 'input', label: 'Value', type: 'text', optional: true }],
  outputs: [{ id: 'output', label: 'Value', type: 'text' }],
  config: [
    { kind: 'text', key: 'tag', label: 'Tag' },
    { kind: 'number', key: 'failTimes', label: 'Fail times' },
    { kind: 'boolean', key: 'hang', label: 'Hang' },
  ],
  async run({ inputs, config, ctx }) {
    const count = (calls.get(ctx.runId + ctx.nodeId) ?? 0) + 1;
    calls.set(ctx.runId + ctx.nodeId, count);
    calls.set(String(config.tag), (calls.get(String(config.tag)) ?? 0) + 1);
    if (config.hang) await new Promise(() => {});
    if (typeof config.failTimes === 'number' && count <= config.failTimes) throw new Error(`flaky failure ${count}`);
    return { outputs: { output: `${String(inputs.input ?? '')}>${ctx.nodeId}` } };
  },
});

/** in (asks on run) → a → b → out, the count nodes tagged with a fresh prefix per test. */
function chainOf(prefix: string, extra: Partial<WorkflowDocument> = {}): WorkflowDocument {
  return {
    ...workflow(
      'Chain',
      [
        node('in', 'input.text', { text: 'start', askOnRun: true }),
        node('a', 'test.count', { tag: `${prefix}a` }, 'Step A'),
        node('b', 'test.count', { tag: `${prefix}b` }, 'Step B'),
        node('out', 'output'),
      ],
      [edge('in', 'a'), edge('a', 'b'), edge('b', 'out')],
    ),
    ...extra,
  };
}

describeEachDatabase('iterating on a workflow', (database) => {
  // Call counts are shared by both databases' suites: tag each by its database.
  const chain = (prefix: string, extra: Partial<WorkflowDocument> = {}) => chainOf(`${database}-${prefix}`, extra);
  const callsOf = (tag: string) => calls.get(`${database}-${tag}`) ?? 0;
  const weft = useTestWeft(database, { ...withNodeTypes(countNode) });
  const post = (user: SignedIn, url: string, payload?: object) => weft().app.inject({ method: 'POST', url, headers: user.headers, payload });
  const run = async (user: SignedIn, id: string, payload: object) => {
    const res = await post(user, `/api/workflows/${id}/run?wait=true`, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      execution: {
        id: string;
        status: string;
        error: string | null;
        outputs: Record<string, unknown>;
        nodes: Record<string, Record<string, unknown>>;
        replayOf?: string;
      };
      scope?: Record<string, string[]>;
    };
  };

  describe('pinned outputs', () => {
    it('refuses pins that do not fit the port, naming the node and the port', async () => {
      const user = await signUp(weft());
      const res = await post(user, '/api/workflows', chain('p0', { pinData: { a: { output: { not: 'text' } } } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Pinned data of node "Step A", output "Value" (text): expected text (a JSON string), got an object.');
      const port = await post(user, '/api/workflows', chain('p0', { pinData: { a: { nope: 'x' } } }));
      expect(port.statusCode).toBe(400);
      expect(port.json().message).toContain('Node "Step A" has no output "nope" to pin');
    });

    it('does not call a pinned node on a manual run, and its pins flow on; API runs ignore pins', async () => {
      const user = await signUp(weft());
      const id = await createWorkflow(weft(), user, chain('p1', { pinData: { a: { output: 'PINNED' } } }));
      const saved = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}`, headers: user.headers });
      expect(saved.json().workflow.pinData).toEqual({ a: { output: 'PINNED' } });

      const manual = await run(user, id, { inputs: { in: 'x' } });
      expect(manual.execution).toMatchObject({ status: 'success', outputs: { out: 'PINNED>b' } });
      expect(manual.execution.nodes.a).toMatchObject({ status: 'success', source: 'pinned', outputs: { output: 'PINNED' }, attempts: 0 });
      // "in" only fed the pinned node, so it was left out of the run.
      expect(manual.execution.nodes.in).toBeUndefined();
      expect(manual.scope).toEqual({ run: ['b', 'out'], pinned: ['a'], reused: [], rerun: [] });
      expect(callsOf('p1a')).toBe(0);

      const key = await post(user, '/api/api-keys', { name: 'ci' });
      const api = await weft().app.inject({
        method: 'POST',
        url: `/api/workflows/${id}/run?wait=true`,
        headers: { authorization: `Bearer ${key.json().token}` },
        payload: { inputs: { in: 'x' } },
      });
      expect(api.json().execution).toMatchObject({ trigger: 'api', status: 'success', outputs: { out: 'x>a>b' } });
      expect(callsOf('p1a')).toBe(1);
    });
  });

  describe('running one node', () => {
    it('runs only the chosen node, fed by the last run, or everything up to it', async () => {
      const user = await signUp(weft());
      const id = await createWorkflow(weft(), user, chain('s1'));
      await runAndWait(weft(), user, id, { in: 'go' });
      expect([callsOf('s1a'), callsOf('s1b')]).toEqual([1, 1]);

      const single = await run(user, id, { target: { nodeId: 'b', mode: 'node' } });
      expect(single.scope).toEqual({ run: ['b'], pinned: [], reused: ['a'], rerun: [] });
      expect(single.execution.status).toBe('success');
      expect(single.execution.nodes.a).toMatchObject({ source: 'reused', outputs: { output: 'go>a' } });
      expect(single.execution.nodes.b).toMatchObject({ status: 'success', outputs: { output: 'go>a>b' } });
      expect(Object.keys(single.execution.nodes).sort()).toEqual(['a', 'b']);
      expect([callsOf('s1a'), callsOf('s1b')]).toEqual([1, 2]);

      const upTo = await run(user, id, { target: { nodeId: 'b', mode: 'up-to' }, inputs: { in: 'again' } });
      expect(upTo.scope).toMatchObject({ run: ['in', 'a', 'b'] });
      expect(upTo.execution.nodes.b?.outputs).toEqual({ output: 'again>a>b' });
      expect([callsOf('s1a'), callsOf('s1b')]).toEqual([2, 3]);
    });

    it('runs the upstream nodes no earlier run kept, and says which', async () => {
      const user = await signUp(weft());
      const id = await createWorkflow(weft(), user, chain('s2'));
      const single = await run(user, id, { target: { nodeId: 'b', mode: 'node' }, inputs: { in: 'first' } });
      expect(single.scope).toEqual({ run: ['in', 'a', 'b'], pinned: [], reused: [], rerun: ['in', 'a'] });
      expect(single.execution.nodes.b?.outputs).toEqual({ output: 'first>a>b' });
    });

    it('refuses a node the saved workflow does not have, and a bad mode', async () => {
      const user = await signUp(weft());
      const id = await createWorkflow(weft(), user, chain('s3'));
      const missing = await post(user, `/api/workflows/${id}/run`, { target: { nodeId: 'zz', mode: 'node' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('Node "zz" is not in the saved workflow');
      const mode = await post(user, `/api/workflows/${id}/run`, { target: { nodeId: 'a', mode: 'all' } });
      expect(mode.statusCode).toBe(400);
      expect(mode.json().message).toContain('target.mode must be');
    });
  });

  describe('replay', () => {
    it('starts a new run with the stored inputs that names the old one; others get 404', async () => {
      const user = await signUp(weft());
      const id = await createWorkflow(weft(), user, chain('r1'));
      const first = await runAndWait(weft(), user, id, { in: 'remember me' });
      const replay = await post(user, `/api/executions/${first.id}/replay`);
      expect(replay.statusCode, replay.body).toBe(202);
      expect(replay.json().execution).toMatchObject({ replayOf: first.id, trigger: 'manual', workflowId: id });
      const done = await weft().services.runs.waitFor(replay.json().execution.id);
      expect(done).toMatchObject({ status: 'success', inputs: { in: 'remember me' }, outputs: { out: 'remember me>a>b' }, replayOf: first.id });
      const listed = await weft().app.inject({ method: 'GET', url: `/api/executions?workflowId=${id}`, headers: user.headers });
      expect(listed.json().executions[0]).toMatchObject({ id: done.id, replayOf: first.id });

      const other = await signUp(weft());
      const stranger = await post(other, `/api/executions/${first.id}/replay`);
      expect(stranger.statusCode).toBe(404);
    });
  });

  describe('node retry and timeout settings', () => {
    it('retries a failing node with the wait it sets, and counts the attempts', async () => {
      const user = await signUp(weft());
      const doc = chain('t1');
      doc.nodes[1] = {
        ...node('a', 'test.count', { tag: `${database}-t1a`, failTimes: 2 }, 'Step A'),
        data: { ...node('a', 'test.count', { tag: `${database}-t1a`, failTimes: 2 }, 'Step A').data, settings: { retries: 2, retryWaitMs: 20 } },
      };
      const id = await createWorkflow(weft(), user, doc);
      const done = await runAndWait(weft(), user, id, { in: 'x' });
      expect(done.status).toBe('success');
      expect(done.nodes.a).toMatchObject({ attempts: 3, maxAttempts: 3 });
      expect(done.nodes.a?.logs.map((line) => line.message)).toEqual([
        'Attempt 1 failed (flaky failure 1); retrying in 20 ms',
        'Attempt 2 failed (flaky failure 2); retrying in 20 ms',
      ]);
    });

    it('fails a node past its timeout naming the limit, and refuses settings out of range', async () => {
      const user = await signUp(weft());
      const doc = chain('t2');
      const hanging = node('a', 'test.count', { tag: `${database}-t2a`, hang: true }, 'Step A');
      doc.nodes[1] = { ...hanging, data: { ...hanging.data, settings: { timeoutMs: 1000 } } };
      const id = await createWorkflow(weft(), user, doc);
      const done = await runAndWait(weft(), user, id, { in: 'x' });
      expect(done.status).toBe('error');
      expect(done.error).toMatch(/^Step A: Timed out after 1 s \(the node's timeout/);

      doc.nodes[1] = { ...hanging, data: { ...hanging.data, settings: { retries: 99 } } };
      const refused = await post(user, '/api/workflows', doc);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('At most 10 retries');
    });
  });
});
