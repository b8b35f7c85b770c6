#!/usr/bin/env node
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
/**
 * MCP both ways (issue 23): what speaking MCP costs beside the plain paths, with nothing
 * else to wait for (a two-node workflow, a tool that answers at once).
 *
 *   npm run build && npm run bench:mcp [-- --calls 200 --rounds 3 --port 4497]
 *
 * 1. Server: the built Weft; one workflow (Text Input asking on run → Output) exposed as a
 *    tool. `calls` sequential `tools/call` through the official SDK's client (one
 *    connection, as Claude Desktop keeps it) against `calls` sequential
 *    `POST /api/workflows/:id/run?wait=true` with the same API key, rounds alternated:
 *    wall time per call and the server's CPU per call (utime + stime from /proc/<pid>/stat).
 *    The endpoint's own cost is the difference: an SDK server and transport per request,
 *    JSON-RPC, SSE framing.
 * 2. Client: the MCP Tools node's service (apps/server dist, `createMcpService` over the
 *    outbound guard's fetch) calling a tool of an SDK-built server on 127.0.0.1 in this
 *    process, one connection per call (initialize, call, session ended) as Weft does,
 *    against an SDK client that stays connected: what the per-call connection costs.
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { createMcpService } from '../apps/server/dist/mcp/mcp-client.js';
import { createGuardedFetch } from '../apps/server/dist/outbound/guarded-fetch.js';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg, machineInfo, writeResults } from './lib/bench-results.mjs';
import { api, signUp, startWeft } from './lib/weft-server.mjs';

const args = benchOptions({ calls: 200, rounds: 3, port: 4497 });
/**
 * Targets: the endpoint may cost at most 1 ms of server CPU per call beyond the run API
 * (a run of this workflow costs about 1 ms itself, so MCP at most doubles it), and a call
 * answers within 10 ms p50 on loopback. A per-call connection may add at most 5 ms p50 to
 * a tool call: well under what any remote server's own work and network take.
 */
const TARGET = { endpointCpuMsPerCall: 1, endpointP50Ms: 10, clientConnectionMs: 5 };
const TICK_MS = 10; // USER_HZ 100 on Linux
const before = loadavg();

const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const summary = (times) => ({ p50: +quantile(times, 0.5).toFixed(2), p99: +quantile(times, 0.99).toFixed(2) });

// ── 1. the endpoint ───────────────────────────────────────────────────────────
async function endpoint() {
  const weft = await startWeft({ port: args.port });
  try {
    const user = await signUp(weft.url);
    const document = {
      schemaVersion: 1,
      name: 'Echo',
      nodes: [
        { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Question', type: 'input.text', config: { text: '', askOnRun: true } } },
        { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Answer', type: 'output', config: {} } },
      ],
      edges: [{ id: 'e', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: {} }],
      globalParameters: {},
    };
    const { workflow } = await api(weft.url, user, 'POST', '/api/workflows', document);
    await api(weft.url, user, 'PUT', `/api/workflows/${workflow.id}/mcp`, { name: 'echo' });
    const { token } = await api(weft.url, user, 'POST', '/api/api-keys', { name: 'bench', workflowIds: [workflow.id] });
    const key = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${weft.url}/api/mcp`), { requestInit: { headers: { authorization: key.authorization } } }));

    const viaMcp = async (i) => {
      const result = await client.callTool({ name: 'echo', arguments: { question: `q${i}` } });
      if (result.isError || result.content[0]?.text !== `q${i}`) throw new Error(`MCP call answered ${JSON.stringify(result)}`);
    };
    const viaApi = async (i) => {
      const res = await fetch(`${weft.url}/api/workflows/${workflow.id}/run?wait=true`, {
        method: 'POST',
        headers: key,
        body: JSON.stringify({ inputs: { in: `q${i}` } }),
      });
      const body = await res.json();
      if (res.status !== 200 || body.execution.outputs.out !== `q${i}`) throw new Error(`run API answered ${res.status} ${JSON.stringify(body)}`);
    };
    const measure = async (call) => {
      const times = [];
      const cpu0 = cpuMs(weft.pid);
      for (let i = 0; i < args.calls; i++) {
        const t0 = performance.now();
        await call(i);
        times.push(performance.now() - t0);
      }
      return { ...summary(times), serverCpuMsPerCall: +((cpuMs(weft.pid) - cpu0) / args.calls).toFixed(3) };
    };
    // Warm both paths up (JIT, statement caches) before any round is measured.
    for (let i = 0; i < 300; i++) {
      await viaMcp(i);
      await viaApi(i);
    }
    const rounds = [];
    for (let round = 0; round < args.rounds; round++) rounds.push({ mcp: await measure(viaMcp), api: await measure(viaApi) });
    await client.close();
    return rounds;
  } finally {
    await weft.stop();
  }
}

// ── 2. the client ─────────────────────────────────────────────────────────────
async function startPeer() {
  const sessions = new Map();
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    let transport = sessions.get(req.headers['mcp-session-id']);
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => sessions.set(id, transport),
        onsessionclosed: (id) => sessions.delete(id),
      });
      const mcp = new McpServer({ name: 'bench-peer', version: '1.0.0' });
      mcp.registerTool('add', { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }));
      await mcp.connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/mcp`, close: () => new Promise((resolve) => server.close(resolve)), server };
}

async function clientSide() {
  const peer = await startPeer();
  const fetch = createGuardedFetch({ allowPrivateNetwork: true, allowedPrivateHosts: [] });
  const service = createMcpService(fetch);
  const ref = { url: peer.url, transport: 'streamable-http', headers: {}, timeoutMs: 10_000 };
  const kept = new Client({ name: 'bench', version: '1.0.0' });
  await kept.connect(new StreamableHTTPClientTransport(new URL(peer.url)));
  const perCall = async (i) => {
    const result = await service.callTool(ref, 'add', { a: i, b: 1 });
    if (result.content[0]?.text !== String(i + 1)) throw new Error(`answered ${JSON.stringify(result)}`);
  };
  const connected = async (i) => {
    const result = await kept.callTool({ name: 'add', arguments: { a: i, b: 1 } });
    if (result.content[0]?.text !== String(i + 1)) throw new Error(`answered ${JSON.stringify(result)}`);
  };
  const measure = async (call) => {
    const times = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < args.calls; i++) {
      const t0 = performance.now();
      await call(i);
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    return { ...summary(times), cpuMsPerCall: +((cpu.user + cpu.system) / 1000 / args.calls).toFixed(3) };
  };
  for (let i = 0; i < 100; i++) {
    await perCall(i);
    await connected(i);
  }
  const rounds = [];
  for (let round = 0; round < args.rounds; round++) rounds.push({ perCallConnection: await measure(perCall), keptConnection: await measure(connected) });
  await kept.close();
  peer.server.closeAllConnections();
  await peer.close();
  await fetch.close();
  return rounds;
}

const median = (values) => quantile(values, 0.5);
const server = await endpoint();
const client = await clientSide();
const after = loadavg();

const endpointCpu = median(server.map((r) => r.mcp.serverCpuMsPerCall - r.api.serverCpuMsPerCall));
const endpointP50 = median(server.map((r) => r.mcp.p50));
const connectionMs = median(client.map((r) => r.perCallConnection.p50 - r.keptConnection.p50));
console.log('\nMCP endpoint, per call (rounds):');
console.table(
  server.map((r) => ({
    'MCP p50 ms': r.mcp.p50,
    'MCP p99 ms': r.mcp.p99,
    'MCP CPU ms': r.mcp.serverCpuMsPerCall,
    'API p50 ms': r.api.p50,
    'API p99 ms': r.api.p99,
    'API CPU ms': r.api.serverCpuMsPerCall,
  })),
);
console.log('MCP client, per call (rounds):');
console.table(
  client.map((r) => ({
    'per-call p50 ms': r.perCallConnection.p50,
    'per-call p99 ms': r.perCallConnection.p99,
    'kept p50 ms': r.keptConnection.p50,
    'kept p99 ms': r.keptConnection.p99,
  })),
);
const verdict = (ok) => (ok ? 'meets' : 'MISSES');
console.log(
  `Endpoint's own CPU per call: ${endpointCpu.toFixed(3)} ms (target ≤ ${TARGET.endpointCpuMsPerCall}) ${verdict(endpointCpu <= TARGET.endpointCpuMsPerCall)}`,
);
console.log(`Endpoint p50: ${endpointP50} ms (target ≤ ${TARGET.endpointP50Ms}) ${verdict(endpointP50 <= TARGET.endpointP50Ms)}`);
console.log(
  `Client's connection per call: +${connectionMs.toFixed(2)} ms p50 (target ≤ ${TARGET.clientConnectionMs}) ${verdict(connectionMs <= TARGET.clientConnectionMs)}`,
);
console.log(`/proc/loadavg before: ${before}, after: ${after}`);
writeResults('mcp.json', {
  at: new Date().toISOString(),
  machine: machineInfo({ loadBefore: before, loadAfter: after }),
  args,
  target: TARGET,
  server,
  client,
  endpointCpu,
  endpointP50,
  connectionMs,
});
