import type { RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import type { Weft } from '../main.js';
import type { ExecutionDetail, ExecutionSummary } from '../runs/execution-types.js';
import { storedEventsOf } from '../runs/run-data-storage.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { startRun, storedExecutionRow } from '../test-support/run-records.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { EventStreamClient } from '../test-support/sse-client.js';
import { type SignedIn, signUp } from '../test-support/test-weft.js';

const SECRET = 'sk-live-93be0c1d44aa';

describe('Scale-out: API process and worker over PostgreSQL, BullMQ and Redis pub/sub', () => {
  const held = gates();
  // One run at a time on the worker, so a second run waits in the queue (cancel of a queued run).
  const getCluster = useScaleOutCluster({ ...withNodeTypes(gateNodeType(held)), env: { WEFT_RUN_CONCURRENCY: '1' } });

  async function gatedWorkflow(weft: Weft, user: SignedIn, name: string, gateNames: string[]): Promise<string> {
    const gateNodes = gateNames.map((gate, index) => node(`g${index + 1}`, GATE_NODE_TYPE, { gate }));
    const ids = ['in', ...gateNodes.map((each) => each.id), 'out'];
    const edges = ids.slice(1).map((id, index) => edge(ids[index] as string, id));
    return insertWorkflow(weft, user.userId, workflow(name, [node('in', 'input.text', { text: 'go' }), ...gateNodes, node('out', 'output')], edges));
  }

  it('runs on the worker what the API queued: ?wait=true answers the output, secrets masked, the stream replays every event', async () => {
    const { api, worker } = getCluster();
    const user = await signUp(api);
    expect((await api.services.secrets.create(user.userId, { name: 'TOKEN', value: SECRET })).ok).toBe(true);
    const workflowId = await createWorkflow(
      api,
      user,
      workflow(
        'Greeting',
        [
          node('in', 'input.text', { text: 'Hello {{params.audience}}' }),
          node('tpl', 'text.template', { template: '{{input}} with {{secrets.TOKEN}}' }),
          node('out', 'output'),
        ],
        [edge('in', 'tpl'), edge('tpl', 'out')],
        { audience: 'friends' },
      ),
    );

    const response = await api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    const execution = (response.json() as { execution: ExecutionDetail }).execution;
    expect(execution).toMatchObject({ status: 'success', error: null, outputs: { out: 'Hello friends with ••••' } });
    expect(execution.nodes.tpl).toMatchObject({ status: 'success', outputs: { output: 'Hello friends with ••••' } });

    // The worker ran it (not the API), and its row holds the whole run.
    const row = await storedExecutionRow(api, execution.id);
    expect(row.runner_id).toBe(worker.runnerId);
    expect(row.runner_id).not.toBe(api.services.runs.runnerId);
    const stored = storedEventsOf(row, execution.id);
    expect(stored[0]?.type).toBe('run:started');
    expect(stored.at(-1)).toMatchObject({ type: 'run:finished', status: 'success' });
    expect(JSON.stringify(stored)).not.toContain(SECRET);

    // A stream opened after the end replays the stored events, in order, then ends.
    const stream = await EventStreamClient.open(`${await baseUrl(api)}/api/executions/${execution.id}/events`, user.headers);
    await stream.ended;
    expect(stream.events.map((each) => each.id)).toEqual(stored.map((_, index) => index + 1));
    expect(stream.events.map((each) => each.event)).toEqual(stored);
  });

  it('streams a live run from the worker to API watchers: one from the start, one joining mid-run, each event once and in order', async () => {
    const { api } = getCluster();
    const user = await signUp(api);
    const workflowId = await gatedWorkflow(api, user, 'Live', ['live-1', 'live-2']);
    const execution = await startRun(api, user, workflowId);
    expect(execution.status).toBe('queued');
    const url = `${await baseUrl(api)}/api/executions/${execution.id}/events`;

    const early = await EventStreamClient.open(url, user.headers);
    await held.named('live-1').entered;
    await early.next((event) => event.type === 'node:log' && event.nodeId === 'g1');

    // Mid-run, from the API: the row says running, the Redis events fill in the nodes.
    const detail = await api.app.inject({ method: 'GET', url: `/api/executions/${execution.id}`, headers: user.headers });
    expect((detail.json() as { execution: ExecutionDetail }).execution).toMatchObject({
      status: 'running',
      nodes: { in: { status: 'success' }, g1: { status: 'running', logs: [expect.objectContaining({ message: 'waiting at the gate' })] } },
    });

    held.named('live-1').open();
    await held.named('live-2').entered;
    // Joins with half the run behind it: the Redis buffer gives the past, pub/sub the rest.
    const late = await EventStreamClient.open(url, user.headers);
    await late.next((event) => event.type === 'node:log' && event.nodeId === 'g2' && event.message === 'waiting at the gate');
    held.named('live-2').open();
    await Promise.all([early.ended, late.ended]);

    const done = await api.services.runs.waitFor(execution.id);
    expect(done.status).toBe('success');
    const stored = storedEventsOf(await storedExecutionRow(api, execution.id), execution.id);
    expect(stored.length).toBeGreaterThan(10);
    for (const watcher of [early, late]) {
      expect(watcher.events.map((each) => each.id)).toEqual(stored.map((_, index) => index + 1));
      expect(watcher.events.map((each) => each.event)).toEqual(stored);
    }
    // A reconnect with Last-Event-ID after the end: exactly what is left.
    const resumed = await EventStreamClient.open(url, { ...user.headers, 'last-event-id': String(stored.length - 2) });
    await resumed.ended;
    expect(resumed.events.map((each) => each.id)).toEqual([stored.length - 1, stored.length]);
  });

  it('cancels from the API a run going on the worker, and a run still waiting in the queue', async () => {
    const { api, worker } = getCluster();
    const user = await signUp(api);
    const workflowId = await gatedWorkflow(api, user, 'Cancel me', ['cancel-running']);
    const running = await startRun(api, user, workflowId);
    await held.named('cancel-running').entered;
    // The worker runs one at a time: this one waits in the BullMQ queue.
    const queued = await startRun(api, user, workflowId);
    expect((await storedExecutionRow(api, queued.id)).status).toBe('queued');

    const cancelQueued = await api.app.inject({ method: 'POST', url: `/api/executions/${queued.id}/cancel`, headers: user.headers });
    expect(cancelQueued.statusCode).toBe(200);
    expect((cancelQueued.json() as { execution: ExecutionSummary }).execution).toMatchObject({ status: 'cancelled', error: 'Run cancelled' });
    expect(await api.services.scaleOut?.queue.isPending(queued.id)).toBe(false);

    const cancelRunning = await api.app.inject({ method: 'POST', url: `/api/executions/${running.id}/cancel`, headers: user.headers });
    expect(cancelRunning.statusCode).toBe(200);
    expect((cancelRunning.json() as { execution: ExecutionSummary }).execution).toMatchObject({ status: 'cancelled' });
    // The worker aborted it and stored the end itself (its runner id, its events).
    const row = await storedExecutionRow(api, running.id);
    expect(row).toMatchObject({ status: 'cancelled', runner_id: worker.runnerId });
    const events = JSON.parse(row.events ?? '[]') as RunEvent[];
    expect(events.at(-1)).toMatchObject({ type: 'run:finished', status: 'cancelled' });
    expect(events.some((event) => event.type === 'node:log' && event.message === 'through the gate')).toBe(false);
    // The engine on the worker stopped it (a row ended by the API alone has no such events).
    expect(events).toContainEqual(expect.objectContaining({ type: 'node:skipped', nodeId: 'out', reason: 'Run cancelled' }));

    // The queued run never reached the worker, even with the slot free again.
    held.named('cancel-running').open();
    const quick = await createWorkflow(api, user, workflow('After', [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]));
    const after = await api.app.inject({ method: 'POST', url: `/api/workflows/${quick}/run?wait=true`, headers: user.headers, payload: {} });
    expect((after.json() as { execution: ExecutionDetail }).execution.status).toBe('success');
    expect(await storedExecutionRow(api, queued.id)).toMatchObject({ status: 'cancelled', runner_id: null, started_at: null });
    // Both stream their end to a late watcher.
    const stream = await api.app.inject({ method: 'GET', url: `/api/executions/${queued.id}/events`, headers: user.headers });
    expect(stream.body).toContain('"status":"cancelled"');
  });

  it('deletes a run going on the worker: the worker lets go of it and takes the next one', async () => {
    const { api } = getCluster();
    const user = await signUp(api);
    const running = await startRun(api, user, await gatedWorkflow(api, user, 'Delete me', ['delete-running']));
    await held.named('delete-running').entered;
    const deleted = await api.app.inject({ method: 'DELETE', url: `/api/executions/${running.id}`, headers: user.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await api.services.db.selectFrom('executions').select('id').where('id', '=', running.id).executeTakeFirst()).toBeUndefined();
    // One run at a time on the worker: this one only runs if the deleted one was aborted.
    const quick = await createWorkflow(api, user, workflow('Next', [node('in', 'input.text', { text: 'y' }), node('out', 'output')], [edge('in', 'out')]));
    const next = await api.app.inject({ method: 'POST', url: `/api/workflows/${quick}/run?wait=true`, headers: user.headers, payload: {} });
    expect((next.json() as { execution: ExecutionDetail }).execution).toMatchObject({ status: 'success', outputs: { out: 'y' } });
  });
});

/** The API's origin, listening on a free port from the first call on. */
async function baseUrl(weft: Weft): Promise<string> {
  if (!weft.app.server.listening) await weft.app.listen({ port: 0, host: '127.0.0.1' });
  const address = weft.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
