import type { ExecutionDetail, RunDataMode, RunEvent, WorkflowDocument } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, type TestWeft, useTestWeft } from '../test-support/test-weft.js';

/** A value that shows where it was stored. */
const MARK = 'kept-value-7f3a';

function chain(keep: RunDataMode | undefined, template = `two {{input}}`): WorkflowDocument {
  const document = workflow(
    'Keeps',
    [node('in', 'input.text', { text: MARK }), node('t', 'text.template', { template }), node('out', 'output')],
    [edge('in', 't'), edge('t', 'out')],
  );
  return keep ? { ...document, settings: { successfulRunData: keep } } : document;
}

async function runToEnd(weft: TestWeft, user: SignedIn, workflowId: string): Promise<string> {
  const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'api' });
  if (!started.ok) throw new Error(started.message);
  await weft.services.runs.waitFor(started.execution.id);
  return started.execution.id;
}

async function storedRow(weft: TestWeft, id: string) {
  return weft.services.db.selectFrom('executions').select(['status', 'nodes', 'outputs', 'events', 'data_kept']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function detail(weft: TestWeft, user: SignedIn, id: string): Promise<ExecutionDetail> {
  const response = await weft.app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { execution: ExecutionDetail }).execution;
}

async function replay(weft: TestWeft, user: SignedIn, id: string): Promise<RunEvent[]> {
  const response = await weft.app.inject({ method: 'GET', url: `/api/executions/${id}/events`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.body
    .split('\n\n')
    .map((block) => /^data: (.*)$/m.exec(block)?.[1])
    .filter((data): data is string => data !== undefined)
    .map((data) => JSON.parse(data) as RunEvent);
}

describeEachDatabase('What an execution stores', (database) => {
  const getWeft = useTestWeft(database);

  it('stores each value once: the events leave out what the node results hold, and replay puts it back', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const id = await runToEnd(weft, user, await createWorkflow(weft, user, chain(undefined)));
    const row = await storedRow(weft, id);
    expect(row).toMatchObject({ status: 'success', data_kept: 'all' });
    expect(row.events).not.toContain(MARK);
    expect(JSON.parse(row.nodes).t).toMatchObject({ status: 'success', inputs: { input: MARK }, outputs: { output: `two ${MARK}` } });

    const events = await replay(weft, user, id);
    const started = events.find((event) => event.type === 'node:started' && event.nodeId === 't');
    const finished = events.find((event) => event.type === 'node:finished' && event.nodeId === 't');
    expect(started).toMatchObject({ inputs: { input: MARK } });
    expect(finished).toMatchObject({ outputs: { output: `two ${MARK}` } });
    expect(events.at(-1)).toMatchObject({ type: 'run:finished', status: 'success', outputs: { out: `two ${MARK}` } });
    expect((await detail(weft, user, id)).kept).toBeUndefined();
  });

  it('keeps the outputs and each node’s status but no node values when the workflow says outputs only', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const id = await runToEnd(weft, user, await createWorkflow(weft, user, chain('outputs')));
    const row = await storedRow(weft, id);
    expect(row).toMatchObject({ status: 'success', data_kept: 'outputs', events: null });
    expect(row.nodes).not.toContain(MARK);
    expect(JSON.parse(row.outputs ?? 'null')).toEqual({ out: `two ${MARK}` });

    const shown = await detail(weft, user, id);
    expect(shown).toMatchObject({ kept: 'outputs', outputs: { out: `two ${MARK}` } });
    expect(shown.nodes.t).toMatchObject({ status: 'success', inputs: null, outputs: null, logs: [], durationMs: expect.any(Number) });
    // Nothing to replay, but a watcher still learns how it ended.
    expect(await replay(weft, user, id)).toEqual([expect.objectContaining({ type: 'run:finished', status: 'success' })]);
  });

  it('keeps only the summary when the workflow says so, and everything when such a run fails', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const id = await runToEnd(weft, user, await createWorkflow(weft, user, chain('summary')));
    const row = await storedRow(weft, id);
    expect(row).toMatchObject({ status: 'success', data_kept: 'summary', outputs: null, events: null, nodes: '{}' });
    expect(await detail(weft, user, id)).toMatchObject({ status: 'success', kept: 'summary', nodes: {}, outputs: {} });
    // The history list says so too, so a row can be marked before it is opened.
    const list = await weft.app.inject({ method: 'GET', url: '/api/executions', headers: user.headers });
    expect((list.json() as { executions: ExecutionDetail[] }).executions.find((e) => e.id === id)?.kept).toBe('summary');

    // A secret that does not exist fails the template node: failures keep everything.
    const failing = await runToEnd(weft, user, await createWorkflow(weft, user, chain('summary', '{{secrets.MISSING_ONE}} {{input}}')));
    const failed = await storedRow(weft, failing);
    expect(failed).toMatchObject({ status: 'error', data_kept: 'all' });
    expect(JSON.parse(failed.nodes).in).toMatchObject({ status: 'success', outputs: { output: MARK } });
    expect(failed.events).toContain('node:failed');
    expect((await detail(weft, user, failing)).kept).toBeUndefined();
    const again = await weft.app.inject({ method: 'GET', url: '/api/executions', headers: user.headers });
    expect((again.json() as { executions: ExecutionDetail[] }).executions.find((e) => e.id === failing)).not.toHaveProperty('kept');
  });

  it('refuses a setting it does not know, naming the choices', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const document = { ...chain(undefined), settings: { successfulRunData: 'some' } };
    const response = await weft.app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: document });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/successfulRunData/);
  });
});

describeEachDatabase('The instance default for successful runs', (database) => {
  const getWeft = useTestWeft(database, { env: { WEFT_SUCCESSFUL_RUN_DATA: 'summary' } });

  it('applies WEFT_SUCCESSFUL_RUN_DATA unless the workflow says otherwise', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const byDefault = await runToEnd(weft, user, await createWorkflow(weft, user, chain(undefined)));
    expect(await storedRow(weft, byDefault)).toMatchObject({ data_kept: 'summary', events: null });
    const everything = await runToEnd(weft, user, await createWorkflow(weft, user, chain('all')));
    expect(await storedRow(weft, everything)).toMatchObject({ data_kept: 'all' });
  });
});

describe('WEFT_SUCCESSFUL_RUN_DATA', () => {
  it('is checked when the server starts', async () => {
    const { loadConfig } = await import('../config.js');
    expect(() => loadConfig({ WEFT_SUCCESSFUL_RUN_DATA: 'most' })).toThrow(/must be one of all, outputs, summary/);
    expect(loadConfig({ WEFT_SUCCESSFUL_RUN_DATA: 'Outputs' }).successfulRunData).toBe('outputs');
  });
});
