import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiKeyAuth } from '../http/caller-auth.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { mcpRoutes } from '../http/routes/mcp.routes.js';
import { registerSessionAuth } from '../http/session-auth.js';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * A call whose run outlasts the wait: the endpoint is built with the real services but a
 * one-second wait, and a gate node holds the run until the test has seen the answer. The
 * answer is a tool error naming the execution, and the run goes on.
 */
describe('MCP call that outlasts its wait', () => {
  const held = gates();
  const weft = useTestWeft('sqlite', withNodeTypes(gateNodeType(held)));
  let app: FastifyInstance;
  beforeAll(async () => {
    const { services } = weft();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(fastifyCookie);
    registerSessionAuth(app, services.sessions);
    registerApiKeyAuth(app, services.apiKeys);
    mcpRoutes(app, { tools: services.mcpTools, runs: services.runs, logger: pino({ level: 'silent' }), publicUrl: 'http://weft.test', callTimeoutMs: 1000 });
    await app.ready();
  });
  afterAll(async () => {
    for (const gate of held.values()) gate.open();
    await app?.close();
  });

  it('answers that the run goes on, naming its execution, and the run ends later', async () => {
    const user = await signUp(weft());
    const id = await insertWorkflow(
      weft(),
      user.userId,
      workflow('Held', [node('gate', GATE_NODE_TYPE, { gate: 'slow' }), node('out', 'output')], [edge('gate', 'out')]),
    );
    expect((await app.inject({ method: 'PUT', url: `/api/workflows/${id}/mcp`, headers: user.headers, payload: { name: 'held' } })).statusCode).toBe(201);
    const { token } = await weft().services.apiKeys.create(user.userId, 'client');
    const res = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-06-18',
      },
      payload: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'held', arguments: {} } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    const message = JSON.parse(
      res.body
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6) ?? '{}',
    );
    const executionId = message.result._meta.executionId;
    expect(message).toMatchObject({
      id: 7,
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: `The workflow is still running after 1 s; it goes on. Its result will be in execution ${executionId} (GET /api/executions/${executionId}).`,
          },
        ],
      },
    });
    held.named('slow').open();
    expect(await weft().services.runs.waitFor(executionId)).toMatchObject({ status: 'success', trigger: 'mcp' });
  });
});
