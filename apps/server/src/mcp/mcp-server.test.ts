import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/*
 * Weft's MCP endpoint driven by the official SDK's client over Streamable HTTP, against a
 * real Weft listening on 127.0.0.1: exposing workflows, listing and calling them with API
 * keys (limited to some workflows or not), failures the calling model can read, and a
 * call the client cancels stopping its run.
 */

const held = gates();

/** Text Input "Question" (asks on run) → Output: answers the question's text. */
function echoWorkflow(name: string) {
  return workflow(
    name,
    [node('in', 'input.text', { text: '', askOnRun: true }, 'Question'), node('out', 'output', { format: 'text' }, 'Answer')],
    [edge('in', 'out')],
  );
}

/** Two run inputs, one with a default, each to its Output: answers an object. */
function orderWorkflow() {
  return workflow(
    'Look up order',
    [
      node('id', 'input.text', { text: '', askOnRun: true }, 'Order id'),
      node('note', 'input.text', { text: 'none', askOnRun: true }, 'Note'),
      node('outId', 'output', { format: 'text' }, 'Id'),
      node('outNote', 'output', { format: 'text' }, 'Note out'),
    ],
    [edge('id', 'outId'), edge('note', 'outNote')],
  );
}

function gatedTool(name: string, config: Record<string, unknown>) {
  return workflow(
    name,
    [node('in', 'input.text', { text: 'x' }), node('g', GATE_NODE_TYPE, config), node('out', 'output')],
    [edge('in', 'g'), edge('g', 'out')],
  );
}

describeEachDatabase('MCP server', (database) => {
  const getWeft = useTestWeft(database, withNodeTypes(gateNodeType(held)));
  let url: URL;
  const clients: Client[] = [];
  /**
   * The clients' own connection pool, destroyed after each test: the shared one would keep
   * sockets it opened for requests the test abandoned, and the server's close waits for them.
   */
  let agent = new Agent();

  beforeAll(async () => {
    const address = await getWeft().app.listen({ port: 0, host: '127.0.0.1' });
    url = new URL(`${address}/api/mcp`);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await agent.destroy();
    agent = new Agent();
  });

  async function inject(user: SignedIn, method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) {
    return getWeft().app.inject({ method, url: path, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  async function expose(user: SignedIn, workflowId: string, body: Record<string, unknown> = {}) {
    const res = await inject(user, 'PUT', `/api/workflows/${workflowId}/mcp`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().tool as { name: string; inputSchema: unknown; effectiveDescription: string };
  }

  async function newKey(user: SignedIn, workflowIds?: string[]): Promise<string> {
    const res = await inject(user, 'POST', '/api/api-keys', { name: 'mcp client', ...(workflowIds ? { workflowIds } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  }

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'weft-test', version: '1.0.0' });
    clients.push(client);
    const pooled = agent;
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
      fetch: (input, init) => undiciFetch(input, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: pooled }) as unknown as Promise<Response>,
    });
    await client.connect(transport);
    return client;
  }

  it('lists exposed workflows with their run inputs as arguments and runs them as mcp executions', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const echo = await createWorkflow(weft, user, echoWorkflow('Echo question'));
    const order = await createWorkflow(weft, user, orderWorkflow());
    await createWorkflow(weft, user, echoWorkflow('Not exposed'));
    expect((await expose(user, echo)).name).toBe('echo_question');
    await expose(user, order, { name: 'look_up_order', description: 'Finds an order by its id.' });

    const client = await connect(await newKey(user));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo_question', 'look_up_order']);
    const lookUp = tools.find((tool) => tool.name === 'look_up_order');
    expect(lookUp?.description).toBe('Finds an order by its id.');
    expect(lookUp?.title).toBe('Look up order');
    expect(lookUp?.inputSchema).toMatchObject({
      type: 'object',
      properties: { order_id: { type: 'string', title: 'Order id' }, note: { type: 'string', default: 'none' } },
      required: ['order_id'],
    });
    expect(tools.find((tool) => tool.name === 'echo_question')?.description).toContain('Echo question');

    const echoed = await client.callTool({ name: 'echo_question', arguments: { question: 'Where is my parcel?' } });
    expect(echoed.isError).toBeFalsy();
    expect(echoed.content).toEqual([{ type: 'text', text: 'Where is my parcel?' }]);

    const found = await client.callTool({ name: 'look_up_order', arguments: { order_id: 'A-17' } });
    expect(found.structuredContent).toEqual({ outId: 'A-17', outNote: 'none' });

    const history = await inject(user, 'GET', '/api/executions?trigger=mcp');
    const executions = history.json().executions as { workflowId: string; trigger: string; status: string }[];
    expect(executions.map((e) => [e.workflowId, e.trigger, e.status])).toEqual([
      [order, 'mcp', 'success'],
      [echo, 'mcp', 'success'],
    ]);
    expect(echoed._meta).toMatchObject({ executionId: expect.any(String) });
  });

  it('answers wrong arguments and failed runs as tool errors the model can read, unknown tools as protocol errors', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    await expose(user, await createWorkflow(weft, user, orderWorkflow()));
    await expose(user, await createWorkflow(weft, user, gatedTool('Fails', { fail: 'The order service said 503' })), { name: 'fails' });
    const client = await connect(await newKey(user));

    const missing = await client.callTool({ name: 'look_up_order', arguments: { note: 'x' } });
    expect(missing.isError).toBe(true);
    expect(missing.content).toEqual([{ type: 'text', text: 'Missing argument order_id. This tool takes: order_id, note.' }]);
    const extra = await client.callTool({ name: 'look_up_order', arguments: { order_id: '1', colour: 'red' } });
    expect(extra.content).toEqual([{ type: 'text', text: 'Unknown argument colour. This tool takes: order_id, note.' }]);

    const failed = await client.callTool({ name: 'fails', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed.content)).toContain('The workflow failed: ');
    expect(JSON.stringify(failed.content)).toContain('The order service said 503');

    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(McpError);
  });

  it('shows a key limited to some workflows only those, everywhere keys work', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const echo = await createWorkflow(weft, user, echoWorkflow('Echo'));
    const order = await createWorkflow(weft, user, orderWorkflow());
    await expose(user, echo);
    await expose(user, order);
    const everything = await connect(await newKey(user));
    await everything.callTool({ name: 'look_up_order', arguments: { order_id: '9' } });

    const key = await newKey(user, [echo]);
    const limited = await connect(key);
    expect((await limited.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    await expect(limited.callTool({ name: 'look_up_order', arguments: { order_id: '1' } })).rejects.toThrow(/Unknown tool/);
    expect((await limited.callTool({ name: 'echo', arguments: { question: 'hi' } })).content).toEqual([{ type: 'text', text: 'hi' }]);

    const asKey = { authorization: `Bearer ${key}` };
    const otherRun = await weft.app.inject({ method: 'POST', url: `/api/workflows/${order}/run`, headers: asKey, payload: {} });
    expect(otherRun.statusCode).toBe(404);
    const ownRun = await weft.app.inject({ method: 'POST', url: `/api/workflows/${echo}/run?wait=true`, headers: asKey, payload: { inputs: { in: 'x' } } });
    expect(ownRun.statusCode, ownRun.body).toBe(200);
    const listed = await weft.app.inject({ method: 'GET', url: '/api/executions', headers: asKey });
    const seen = listed.json().executions as { id: string; workflowId: string }[];
    expect(new Set(seen.map((e) => e.workflowId))).toEqual(new Set([echo]));
    const everyRun = (await inject(user, 'GET', '/api/executions')).json().executions as { id: string; workflowId: string }[];
    const orderRun = everyRun.find((e) => e.workflowId === order);
    expect((await weft.app.inject({ method: 'GET', url: `/api/executions/${orderRun?.id}`, headers: asKey })).statusCode).toBe(404);
    expect((await weft.app.inject({ method: 'POST', url: `/api/executions/${orderRun?.id}/cancel`, headers: asKey })).statusCode).toBe(404);
    const files = await weft.app.inject({ method: 'GET', url: '/api/files', headers: asKey });
    expect(files.statusCode).toBe(403);
    expect(files.json().message).toContain('may only run the workflows it is limited to');

    // Given every workflow again, the key sees both.
    const keys = (await inject(user, 'GET', '/api/api-keys')).json().apiKeys as { id: string; workflowIds: string[] | null }[];
    const limitedKey = keys.find((k) => k.workflowIds !== null);
    expect(limitedKey?.workflowIds).toEqual([echo]);
    const widened = await inject(user, 'PATCH', `/api/api-keys/${limitedKey?.id}`, { workflowIds: null });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await limited.listTools()).tools).toHaveLength(2);
  });

  it('keeps one owner’s tools from another and refuses callers without a live key', async () => {
    const weft = getWeft();
    const owner = await signUp(weft);
    const stranger = await signUp(weft);
    const echo = await createWorkflow(weft, owner, echoWorkflow('Private echo'));
    await expose(owner, echo);
    const strangers = await connect(await newKey(stranger));
    expect((await strangers.listTools()).tools).toEqual([]);
    await expect(strangers.callTool({ name: 'private_echo', arguments: { question: 'x' } })).rejects.toThrow(/Unknown tool/);
    expect((await inject(stranger, 'PUT', `/api/workflows/${echo}/mcp`, {})).statusCode).toBe(404);
    expect((await inject(stranger, 'POST', '/api/api-keys', { name: 'k', workflowIds: [echo] })).statusCode).toBe(400);
    // Another user's key cannot be limited (or found) by the stranger.
    const { apiKey: ownersKey } = await weft.services.apiKeys.create(owner.userId, 'owner key');
    expect((await inject(stranger, 'PATCH', `/api/api-keys/${ownersKey.id}`, { workflowIds: [echo] })).statusCode).toBe(404);

    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const accept = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    const anonymous = await weft.app.inject({ method: 'POST', url: '/api/mcp', headers: accept, payload: initialize });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="weft"');
    const session = await weft.app.inject({ method: 'POST', url: '/api/mcp', headers: { ...accept, ...owner.headers }, payload: initialize });
    expect(session.statusCode).toBe(403);
    expect(session.json().message).toContain('takes an API key');

    const key = await newKey(owner);
    const keys = (await inject(owner, 'GET', '/api/api-keys')).json().apiKeys as { id: string; prefix: string }[];
    await inject(owner, 'DELETE', `/api/api-keys/${keys.find((k) => key.startsWith(k.prefix))?.id}`);
    const revoked = await weft.app.inject({ method: 'POST', url: '/api/mcp', headers: { ...accept, authorization: `Bearer ${key}` }, payload: initialize });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toContain('revoked');
  });

  it('stops the run when the client cancels the call, and reports progress while it runs', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const gated = await createWorkflow(weft, user, gatedTool('Slow', { gate: `${database}-cancel` }));
    await expose(user, gated, { name: 'slow' });
    const client = await connect(await newKey(user));
    const abort = new AbortController();
    const progress: { progress: number; total?: number | undefined; message?: string | undefined }[] = [];
    let heard = () => {};
    const firstProgress = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const call = client.callTool({ name: 'slow', arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: (note) => {
        progress.push(note);
        heard();
      },
    });
    await held.named(`${database}-cancel`).entered;
    // The Text Input has ended and the client heard so: the run is visibly moving.
    await firstProgress;
    abort.abort('The user stopped it');
    await expect(call).rejects.toThrow();
    const stopped = await weft.app.inject({ method: 'GET', url: '/api/executions?trigger=mcp', headers: user.headers });
    const [execution] = stopped.json().executions as { id: string }[];
    const detail = await weft.services.runs.waitFor(execution?.id ?? '', 10_000);
    expect(detail.status).toBe('cancelled');
    expect(progress[0]).toEqual({ progress: 1, total: 3, message: 'in: finished' });
    held.named(`${database}-cancel`).open();
  });

  describe('exposing', () => {
    it('names tools uniquely, refuses a taken or malformed name, and withdraws', async () => {
      const weft = getWeft();
      const user = await signUp(weft);
      const first = await createWorkflow(weft, user, echoWorkflow('Same name'));
      const second = await createWorkflow(weft, user, echoWorkflow('Same name'));
      expect((await expose(user, first)).name).toBe('same_name');
      expect((await expose(user, second)).name).toBe('same_name_2');
      const taken = await inject(user, 'PUT', `/api/workflows/${second}/mcp`, { name: 'same_name' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toContain('Pick another tool name');
      const malformed = await inject(user, 'PUT', `/api/workflows/${second}/mcp`, { name: 'has spaces' });
      expect(malformed.statusCode).toBe(400);
      const renamed = await inject(user, 'PUT', `/api/workflows/${second}/mcp`, { description: 'Says it again.' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().tool).toMatchObject({ name: 'same_name_2', description: 'Says it again.' });

      expect((await inject(user, 'DELETE', `/api/workflows/${first}/mcp`)).statusCode).toBe(204);
      expect((await inject(user, 'GET', `/api/workflows/${first}/mcp`)).json()).toEqual({ tool: null });
      expect((await inject(user, 'DELETE', `/api/workflows/${second}`)).statusCode).toBe(204);
      expect((await inject(user, 'GET', '/api/mcp/tools')).json().tools).toEqual([]);
    });
  });
});
