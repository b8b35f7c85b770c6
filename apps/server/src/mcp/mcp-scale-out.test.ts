import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { Weft } from '../main.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { storedExecutionRow } from '../test-support/run-records.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SignedIn, signUp } from '../test-support/test-weft.js';

/*
 * The MCP endpoint in scale-out: the API process answers the client while a worker runs
 * the workflow (BullMQ, PostgreSQL, Redis events): the answer, progress from the worker's
 * events, and a cancellation reaching the run on the worker.
 */

describe('MCP endpoint in scale-out', () => {
  const held = gates();
  const getCluster = useScaleOutCluster(withNodeTypes(gateNodeType(held)));
  const agent = new Agent();
  afterAll(async () => {
    await agent.destroy();
  });

  const addresses = new Map<Weft, string>();
  async function addressOf(api: Weft): Promise<string> {
    let address = addresses.get(api);
    if (!address) {
      address = await api.app.listen({ port: 0, host: '127.0.0.1' });
      addresses.set(api, address);
    }
    return address;
  }

  /**
   * An SDK client of `api`; with `cancelsVia`, its cancellations go to that other API
   * process, as a load balancer may send any request anywhere.
   */
  async function connect(api: Weft, user: SignedIn, cancelsVia?: Weft): Promise<Client> {
    const key = await api.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'client' } });
    const address = await addressOf(api);
    const other = cancelsVia ? await addressOf(cancelsVia) : undefined;
    const client = new Client({ name: 'weft-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key.json().token}` } },
        fetch: (input, init) => {
          const cancels = other !== undefined && typeof init?.body === 'string' && init.body.includes('notifications/cancelled');
          const target = cancels ? `${other}/api/mcp` : input;
          return undiciFetch(target, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: agent }) as unknown as Promise<Response>;
        },
      }),
    );
    return client;
  }

  it('answers a call the worker ran, with progress, and cancels one there', async () => {
    const { api, worker } = getCluster();
    const user = await signUp(api);
    const gated = (gate: string) =>
      workflow(
        gate,
        [node('in', 'input.text', { text: 'through' }), node('g', GATE_NODE_TYPE, { gate }), node('out', 'output')],
        [edge('in', 'g'), edge('g', 'out')],
      );
    for (const [name, gate] of [
      ['passes', 'mcp-open'],
      ['waits', 'mcp-held'],
    ]) {
      const id = await createWorkflow(api, user, gated(gate as string));
      const exposed = await api.app.inject({ method: 'PUT', url: `/api/workflows/${id}/mcp`, headers: user.headers, payload: { name } });
      expect(exposed.statusCode, exposed.body).toBe(201);
    }
    const client = await connect(api, user);

    held.named('mcp-open').open();
    const progress: number[] = [];
    const result = await client.callTool({ name: 'passes', arguments: {} }, undefined, { onprogress: (note) => progress.push(note.progress) });
    expect(result.content).toEqual([{ type: 'text', text: 'through' }]);
    const executionId = (result._meta as { executionId: string }).executionId;
    expect((await storedExecutionRow(api, executionId)).runner_id).toBe(worker.runnerId);
    expect(progress.length).toBeGreaterThan(0);

    const abort = new AbortController();
    const call = client.callTool({ name: 'waits', arguments: {} }, undefined, { signal: abort.signal });
    await held.named('mcp-held').entered;
    abort.abort('stop');
    await expect(call).rejects.toThrow();
    const [latest] = (await api.app.inject({ method: 'GET', url: '/api/executions?trigger=mcp&limit=1', headers: user.headers })).json().executions;
    const ended = await api.services.runs.waitFor(latest.id, 15_000);
    expect(ended.status).toBe('cancelled');
    held.named('mcp-held').open();
    await client.close();
  });

  it('cancels a call whose cancellation lands on another API process', async () => {
    const { api, startApi } = getCluster();
    const second = await startApi();
    const user = await signUp(api);
    const id = await createWorkflow(
      api,
      user,
      workflow(
        'held',
        [node('in', 'input.text', { text: 'x' }), node('g', GATE_NODE_TYPE, { gate: 'mcp-elsewhere' }), node('out', 'output')],
        [edge('in', 'g'), edge('g', 'out')],
      ),
    );
    await api.app.inject({ method: 'PUT', url: `/api/workflows/${id}/mcp`, headers: user.headers, payload: { name: 'held' } });
    const client = await connect(api, user, second);
    const abort = new AbortController();
    const call = client.callTool({ name: 'held', arguments: {} }, undefined, { signal: abort.signal });
    await held.named('mcp-elsewhere').entered;
    abort.abort('stop');
    await expect(call).rejects.toThrow();
    const [latest] = (await api.app.inject({ method: 'GET', url: '/api/executions?trigger=mcp&limit=1', headers: user.headers })).json().executions;
    // The second process found the run by the first one's note and cancelled it on the worker.
    expect((await api.services.runs.waitFor(latest.id, 15_000)).status).toBe('cancelled');
    held.named('mcp-elsewhere').open();
    await client.close();
    await second.close();
  });
});
