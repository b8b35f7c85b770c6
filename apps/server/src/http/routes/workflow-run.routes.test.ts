import fastifyCookie from '@fastify/cookie';
import type { WorkflowDocument } from '@weft/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';
import { registerApiKeyAuth } from '../caller-auth.js';
import { registerErrorHandler } from '../error-handler.js';
import { registerSessionAuth } from '../session-auth.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { workflowRunRoutes } from './workflow-run.routes.js';

/** Text Input that asks on run → Output. */
function askingWorkflow(): WorkflowDocument {
  return {
    schemaVersion: 1,
    name: 'Ask',
    nodes: [
      { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'In', type: 'input.text', config: { text: 'typed', askOnRun: true } } },
      { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Out', type: 'output', config: {} } },
    ],
    edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
    globalParameters: {},
  };
}

describeEachDatabase('workflow run route', (database) => {
  const weft = useTestWeft(database);

  const createWorkflow = async (user: SignedIn, document: WorkflowDocument = greetingWorkflow()) => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: document });
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };
  const run = (headers: Record<string, string>, workflowId: string, options: { payload?: object; query?: string } = {}) =>
    weft().app.inject({
      method: 'POST',
      url: `/api/workflows/${workflowId}/run${options.query ?? ''}`,
      headers,
      ...(options.payload ? { payload: options.payload } : {}),
    });

  it('starts a manual run with a session and answers 202 with the summary', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const res = await run(user.headers, id);
    expect(res.statusCode).toBe(202);
    expect(res.json().execution).toMatchObject({ id: expect.any(String), workflowId: id, workflowName: 'Greeting', trigger: 'manual' });
    expect(res.json().execution.nodes).toBeUndefined();
  });

  it('waits for the end with ?wait=true and answers the detail with the output', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user, askingWorkflow());
    const res = await run(user.headers, id, { query: '?wait=true', payload: { inputs: { in: 'from the API' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().execution).toMatchObject({ status: 'success', inputs: { in: 'from the API' }, outputs: { out: 'from the API' } });
  });

  it('runs with an API key as an api run', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const key = await weft().app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'ci' } });
    const res = await run({ authorization: `Bearer ${key.json().token}` }, id, { query: '?wait=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().execution).toMatchObject({ trigger: 'api', status: 'success', outputs: { out: 'Hello warm' } });
  });

  it('answers the first execution for a repeated Idempotency-Key', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const headers = { ...user.headers, 'idempotency-key': 'order-42' };
    const first = await run(headers, id);
    expect(first.statusCode).toBe(202);
    const again = await run(headers, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().execution.id).toBe(first.json().execution.id);
    const other = await run({ ...user.headers, 'idempotency-key': 'order-43' }, id);
    expect(other.statusCode).toBe(202);
    expect(other.json().execution.id).not.toBe(first.json().execution.id);
    // The key belongs to its user: another user's identical key starts their own run.
    const stranger = await signUp(weft());
    const theirs = await run({ ...stranger.headers, 'idempotency-key': 'order-42' }, await createWorkflow(stranger));
    expect(theirs.statusCode).toBe(202);
  });

  it.each([
    [{ 'idempotency-key': 'x'.repeat(201) }, {}, '', 'Idempotency-Key must be sent once, 1 to 200 characters long'],
    [{}, { inputs: 'hello' }, '', 'inputs: inputs must be an object of values by node id, e.g. { "in": "hello" }'],
    [{}, {}, '?wait=soon', 'wait: wait must be true or false'],
  ])('refuses bad input (%j %j %s)', async (extraHeaders, payload, query, message) => {
    const user = await signUp(weft());
    const id = await createWorkflow(user);
    const res = await run({ ...user.headers, ...extraHeaders }, id, { payload, query });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for another user’s workflow and 401 without a caller', async () => {
    const owner = await signUp(weft());
    const id = await createWorkflow(owner);
    const other = await signUp(weft());
    const res = await run(other.headers, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Workflow not found');
    expect((await run({}, id)).statusCode).toBe(401);
  });
});

/**
 * A run that outlasts the wait: the app is built with the real services but a 50 ms wait,
 * and a gate node holds the run until the test has seen the 202.
 */
describe('when the wait runs out', () => {
  const held = gates();
  const weft = useTestWeft('sqlite', { ...withNodeTypes(gateNodeType(held)) });
  let app: FastifyInstance;
  beforeAll(async () => {
    const { services } = weft();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(fastifyCookie);
    registerSessionAuth(app, services.sessions);
    registerApiKeyAuth(app, services.apiKeys);
    workflowRunRoutes(app, { runs: services.runs, waitTimeoutMs: 50 });
    webhooksRoutes(app, { webhooks: services.webhooks, runs: services.runs, waitTimeoutMs: 50 });
    await app.ready();
  });
  afterAll(async () => {
    for (const gate of held.values()) gate.open();
    await app?.close();
  });
  const heldWorkflow = (gate: string) => workflow('Held', [node('gate', GATE_NODE_TYPE, { gate }), node('out', 'output')], [edge('gate', 'out')]);

  it('answers 202 with the summary on the run route, and the run goes on', async () => {
    const user = await signUp(weft());
    const id = await insertWorkflow(weft(), user.userId, heldWorkflow('route'));
    const res = await app.inject({ method: 'POST', url: `/api/workflows/${id}/run?wait=true`, headers: user.headers });
    expect(res.statusCode).toBe(202);
    const { execution } = res.json();
    expect(execution).toMatchObject({ workflowId: id, status: 'running' });
    expect(execution.nodes).toBeUndefined();
    held.named('route').open();
    expect(await weft().services.runs.waitFor(execution.id)).toMatchObject({ status: 'success' });
  });

  it('answers 202 with the execution id on a webhook that waits for the output', async () => {
    const user = await signUp(weft());
    const id = await insertWorkflow(weft(), user.userId, heldWorkflow('hook'));
    const enabled = await app.inject({ method: 'PUT', url: `/api/workflows/${id}/webhook`, headers: user.headers, payload: { respond: 'output' } });
    const path = new URL(enabled.json().webhook.url).pathname;
    const res = await app.inject({ method: 'POST', url: path, payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(202);
    const { executionId } = res.json();
    held.named('hook').open();
    expect(await weft().services.runs.waitFor(executionId)).toMatchObject({ status: 'success', trigger: 'webhook' });
  });
});
