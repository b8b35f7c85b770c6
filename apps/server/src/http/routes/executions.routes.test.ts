import type { RunEvent } from '@weft/core';
import { expect, it } from 'vitest';
import type { ExecutionSummary } from '../../runs/execution-types.js';
import { storedEventsOf } from '../../runs/run-data-storage.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../../test-support/run-fixtures.js';
import { parseSse, type SseEvent } from '../../test-support/sse-client.js';
import { describeEachDatabase, type SignedIn, signUp, type TestWeft, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('Executions API', (database) => {
  const held = gates();
  const getWeft = useTestWeft(database, { ...withNodeTypes(gateNodeType(held)) });

  async function quickWorkflow(weft: TestWeft, user: SignedIn, name = 'Quick') {
    return createWorkflow(weft, user, workflow(name, [node('in', 'input.text', { text: 'hi' }), node('out', 'output')], [edge('in', 'out')]));
  }

  async function runToEnd(weft: TestWeft, user: SignedIn, workflowId: string, trigger: 'manual' | 'api' | 'webhook' = 'manual'): Promise<string> {
    const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger });
    if (!started.ok) throw new Error(started.message);
    await weft.services.runs.waitFor(started.execution.id);
    return started.execution.id;
  }

  it('lists executions newest first, filtered, a page at a time', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const first = await quickWorkflow(weft, user, 'First');
    const second = await quickWorkflow(weft, user, 'Second');
    const ids: string[] = [];
    for (const [workflowId, trigger] of [
      [first, 'manual'],
      [first, 'api'],
      [second, 'webhook'],
      [first, 'manual'],
      [second, 'manual'],
    ] as const) {
      ids.push(await runToEnd(weft, user, workflowId, trigger));
    }
    const list = async (query: string) => {
      const response = await weft.app.inject({ method: 'GET', url: `/api/executions${query}`, headers: user.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { executions: ExecutionSummary[]; nextCursor: string | null };
    };

    const seen: string[] = [];
    let page = await list('?limit=2');
    seen.push(...page.executions.map((e) => e.id));
    while (page.nextCursor) {
      page = await list(`?limit=2&before=${page.nextCursor}`);
      seen.push(...page.executions.map((e) => e.id));
    }
    // Several runs share a millisecond: the id breaks the tie, so pages neither skip nor repeat.
    expect(new Set(seen).size).toBe(5);
    expect(seen.sort()).toEqual([...ids].sort());
    const all = (await list('')).executions;
    expect(all.map((e) => e.createdAt)).toEqual([...all.map((e) => e.createdAt)].sort().reverse());
    expect(all[0]).toMatchObject({ status: 'success', workflowName: expect.any(String), durationMs: expect.any(Number) });

    expect((await list(`?workflowId=${second}`)).executions.map((e) => e.id).sort()).toEqual([ids[2], ids[4]].sort());
    expect((await list('?trigger=api')).executions.map((e) => e.id)).toEqual([ids[1]]);
    expect((await list('?status=error')).executions).toEqual([]);

    const bad = await weft.app.inject({ method: 'GET', url: '/api/executions?status=exploded', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status must be one of');
    const badCursor = await weft.app.inject({ method: 'GET', url: '/api/executions?before=nonsense', headers: user.headers });
    expect(badCursor.statusCode).toBe(400);
  });

  it('gets, cancels and deletes an execution, and works with an API key where the docs say so', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const id = await runToEnd(weft, user, await quickWorkflow(weft, user));
    const got = await weft.app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json().execution).toMatchObject({ id, status: 'success', outputs: { out: 'hi' }, nodes: { in: { status: 'success' } } });

    const { token } = await weft.services.apiKeys.create(user.userId, 'script');
    const key = { authorization: `Bearer ${token}` };
    expect((await weft.app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: key })).statusCode).toBe(200);
    expect((await weft.app.inject({ method: 'GET', url: '/api/executions', headers: key })).json().executions).toHaveLength(1);
    const cancelled = await weft.app.inject({ method: 'POST', url: `/api/executions/${id}/cancel`, headers: key });
    expect(cancelled.json().execution).toMatchObject({ id, status: 'success' });
    expect((await weft.app.inject({ method: 'DELETE', url: `/api/executions/${id}`, headers: key })).statusCode).toBe(403);
    expect((await weft.app.inject({ method: 'GET', url: `/api/executions/${id}/events`, headers: key })).statusCode).toBe(403);

    expect((await weft.app.inject({ method: 'DELETE', url: `/api/executions/${id}`, headers: user.headers })).statusCode).toBe(204);
    expect((await weft.app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers })).statusCode).toBe(404);
    expect((await weft.app.inject({ method: 'GET', url: '/api/executions' })).statusCode).toBe(401);
  });

  it("answers 404 for another user's execution on every route", async () => {
    const weft = getWeft();
    const owner = await signUp(weft);
    const other = await signUp(weft);
    const id = await runToEnd(weft, owner, await quickWorkflow(weft, owner));
    for (const [method, url] of [
      ['GET', `/api/executions/${id}`],
      ['POST', `/api/executions/${id}/cancel`],
      ['DELETE', `/api/executions/${id}`],
      ['GET', `/api/executions/${id}/events`],
    ] as const) {
      const response = await weft.app.inject({ method, url, headers: other.headers });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Execution not found');
    }
    expect((await weft.app.inject({ method: 'GET', url: '/api/executions', headers: other.headers })).json().executions).toEqual([]);
    expect(await weft.services.runs.get(owner.userId, id)).toMatchObject({ status: 'success' });
  });

  it('streams a finished run from the stored events, and from Last-Event-ID on', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const id = await runToEnd(weft, user, await quickWorkflow(weft, user));
    const stored = storedEventsOf(
      await weft.services.db.selectFrom('executions').select(['events', 'nodes', 'outputs']).where('id', '=', id).executeTakeFirstOrThrow(),
      id,
    );

    const whole = await weft.app.inject({ method: 'GET', url: `/api/executions/${id}/events`, headers: user.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(whole.body);
    expect(events.map((e) => e.id)).toEqual(stored.map((_, index) => index + 1));
    expect(events.map((e) => e.event)).toEqual(stored);
    expect(events.at(-1)?.event.type).toBe('run:finished');

    const rest = await weft.app.inject({ method: 'GET', url: `/api/executions/${id}/events`, headers: { ...user.headers, 'last-event-id': '3' } });
    expect(parseSse(rest.body).map((e) => e.id)).toEqual(stored.slice(3).map((_, index) => index + 4));

    const nothingLeft = await weft.app.inject({
      method: 'GET',
      url: `/api/executions/${id}/events`,
      headers: { ...user.headers, 'last-event-id': String(stored.length) },
    });
    expect(nothingLeft.statusCode).toBe(204);
    const bad = await weft.app.inject({ method: 'GET', url: `/api/executions/${id}/events`, headers: { ...user.headers, 'last-event-id': 'abc' } });
    expect(bad.statusCode).toBe(400);
  });

  it('streams a live run; a client that reconnects with Last-Event-ID gets exactly the rest', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const [one, two] = [`live-1-${database}`, `live-2-${database}`];
    const workflowId = await insertWorkflow(
      weft,
      user.userId,
      workflow(
        'Live',
        [node('in', 'input.text', { text: 'go' }), node('g1', GATE_NODE_TYPE, { gate: one }), node('g2', GATE_NODE_TYPE, { gate: two }), node('out', 'output')],
        [edge('in', 'g1'), edge('g1', 'g2'), edge('g2', 'out')],
      ),
    );
    const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual' });
    if (!started.ok) throw new Error(started.message);
    const executionId = started.execution.id;
    const address = await weft.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/executions/${executionId}/events`;
    const waitingAt = (nodeId: string) => (event: RunEvent) => event.type === 'node:log' && event.nodeId === nodeId && event.message === 'waiting at the gate';

    // First connection: read until the first gate waits, then drop the connection.
    const firstAbort = new AbortController();
    const first = await fetch(url, { headers: user.headers, signal: firstAbort.signal });
    expect(first.status).toBe(200);
    const { events: firstEvents } = await readUntil(first, waitingAt('g1'));
    firstAbort.abort();
    await waitUntil(() => weft.services.runs.watcherCount(executionId) === 0);

    // The run goes on while nobody watches, up to the second gate.
    held.named(one).open();
    await held.named(two).entered;
    const lastSeen = firstEvents.at(-1)?.id ?? 0;
    const second = await fetch(url, { headers: { ...user.headers, 'last-event-id': String(lastSeen) } });
    // What happened meanwhile comes from the buffer…
    const { events: missed, reader } = await readUntil(second, waitingAt('g2'));
    expect(missed[0]?.id).toBe(lastSeen + 1);
    // …and the rest live.
    held.named(two).open();
    const { events: live } = await readUntil(second, (event) => event.type === 'run:finished', reader);
    // The server ends the stream after run:finished.
    expect(await reader.read()).toMatchObject({ done: true });

    // run:finished goes out before the end is written: wait for the write, then compare.
    await weft.services.runs.waitFor(executionId);
    const stored = storedEventsOf(
      await weft.services.db.selectFrom('executions').select(['events', 'nodes', 'outputs']).where('id', '=', executionId).executeTakeFirstOrThrow(),
      executionId,
    );
    const received = [...firstEvents, ...missed, ...live];
    expect(received.map((e) => e.id)).toEqual(stored.map((_, index) => index + 1));
    expect(received.map((e) => e.event)).toEqual(stored);
    expect(live.length).toBeGreaterThan(2);
  });
});

/** Reads SSE events from a fetch response until one matches; returns the reader for the rest. */
async function readUntil(
  response: Response,
  stop: (event: RunEvent) => boolean,
  reader: ReadableStreamDefaultReader<Uint8Array> = (response.body as ReadableStream<Uint8Array>).getReader(),
): Promise<{ events: SseEvent[]; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const decoder = new TextDecoder();
  let buffer = '';
  const events: SseEvent[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before the awaited event; got ${events.map((e) => e.event.type).join(', ')}`);
    buffer += decoder.decode(value, { stream: true });
    const cut = buffer.lastIndexOf('\n\n');
    if (cut === -1) continue;
    const complete = parseSse(buffer.slice(0, cut + 2));
    buffer = buffer.slice(cut + 2);
    for (const event of complete) {
      events.push(event);
      if (stop(event.event)) return { events, reader };
    }
  }
}

/** Polls a condition the server reaches on its own (a socket close seen by the server). */
async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
