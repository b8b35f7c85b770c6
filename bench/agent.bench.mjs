#!/usr/bin/env node
/**
 * Agent loop overhead (issue 23): what the agent itself costs per step, with the model and
 * the tools answered at once by local peers, so what is measured is Weft and not a model.
 *
 *   npm run build && npm run bench:agent [-- --runs 20 --steps 10 --port 4496]
 *
 * 1. In process: the Agent node's loop (packages/nodes dist, `runAgentLoop`) with a model
 *    that answers instantly and a tool that returns at once, each step folded as the
 *    server's recorder folds it (core `foldNodeResult`): µs of CPU per step.
 * 2. Whole server: the built Weft, an Agent whose HTTP Request tool calls a local order peer
 *    and whose model is an OpenAI-compatible peer (streaming, tool calls) in this process;
 *    server CPU (utime + stime from /proc/<pid>/stat) for runs of `steps` model calls
 *    against runs of one model call, so the run's fixed cost cancels: CPU per extra step.
 *    Beside it the same work without an agent: a chain of LLM Chat → HTTP Request pairs
 *    (the same model peer, the same order peer), `steps` pairs against one. The agent's own
 *    cost per model + tool step pair is the difference of the two per extra pair.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { foldNodeResult } from '../packages/core/dist/index.js';
import { runAgentLoop } from '../packages/nodes/dist/index.js';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg, machineInfo, writeResults } from './lib/bench-results.mjs';
import { selfTimeByFunction } from './lib/cpu-profile.mjs';
import { startOrderPeer, startToolModelPeer } from './lib/tool-model-peer.mjs';
import { api, signUp, startWeft } from './lib/weft-server.mjs';

const args = benchOptions({ runs: 20, steps: 10, loops: 300, port: 4496, profile: false });
const PROFILE_DIR = path.join(os.tmpdir(), 'weft-agent-bench-profile');
const TARGET = { inProcessUs: 50, serverMsPerStep: 1 };
const before = loadavg();

// ── 1. in process ─────────────────────────────────────────────────────────────
async function inProcess() {
  const modelCalls = args.steps;
  const tool = {
    name: 'look_up',
    description: 'Looks an order up',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    nodeId: 'tool',
    call: async (a) => ({ order: a.id, status: 'shipped' }),
  };
  const turn = async (request) => {
    const results = request.messages.filter((m) => m.role === 'tool').length;
    const usage = { inputTokens: 100, outputTokens: 10 };
    if (results < modelCalls - 1)
      return { text: '', toolCalls: [{ id: `c${results}`, name: 'look_up', arguments: { id: String(results) } }], usage, finishReason: 'tool-calls' };
    return { text: 'done', toolCalls: [], usage, finishReason: 'stop' };
  };
  const run = async () => {
    const nodes = {};
    const controller = new AbortController();
    const ctx = {
      runId: 'r',
      nodeId: 'agent',
      attempt: 1,
      signal: controller.signal,
      runInput: undefined,
      services: { recordUsage() {}, params: {} },
      log() {},
      emitToken() {},
      now: Date.now,
      step: (step) => foldNodeResult(nodes, { type: 'node:step', runId: 'r', at: Date.now(), nodeId: 'agent', step }),
    };
    await runAgentLoop({
      request: { provider: 'openai', model: 'm' },
      task: 'go',
      tools: [tool],
      limits: { maxSteps: 1000, maxToolCalls: 1000, tokenBudget: 1e9, maxMs: 60_000 },
      ctx,
      turn,
    });
    return nodes.agent.steps.length;
  };
  for (let i = 0; i < 20; i++) await run(); // warm up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let steps = 0;
  for (let i = 0; i < args.loops; i++) steps += await run();
  const cpu = process.cpuUsage(cpu0);
  return { steps, wallUsPerStep: ((performance.now() - t0) * 1000) / steps, cpuUsPerStep: (cpu.user + cpu.system) / steps };
}

/** The same work without an agent: `pairs` × (LLM Chat → HTTP Request, its answer as text) → Output. */
function chainDocument(pairs, modelUrl, ordersUrl) {
  const nodes = [];
  const edges = [];
  for (let i = 0; i < pairs; i++) {
    nodes.push({
      id: `llm${i}`,
      position: { x: i * 400, y: 0 },
      data: { label: `Ask ${i}`, type: 'llm.chat', config: { provider: 'openai-compatible', baseUrl: modelUrl, model: 'bench', prompt: 'Look the order up.' } },
    });
    nodes.push({
      id: `http${i}`,
      position: { x: i * 400 + 200, y: 0 },
      data: { label: `Fetch ${i}`, type: 'http.request', config: { method: 'GET', url: `${ordersUrl}/order?id=${i}`, responseAs: 'text' } },
    });
    edges.push({ id: `a${i}`, source: `llm${i}`, sourceHandle: 'output', target: `http${i}`, targetHandle: 'input' });
    if (i > 0) edges.push({ id: `b${i}`, source: `http${i - 1}`, sourceHandle: 'output', target: `llm${i}`, targetHandle: 'input' });
  }
  nodes.push({ id: 'out', position: { x: pairs * 400, y: 0 }, data: { label: 'Out', type: 'output', config: {} } });
  edges.push({ id: 'end', source: `http${pairs - 1}`, sourceHandle: 'output', target: 'out', targetHandle: 'input' });
  return { name: `Chain of ${pairs}`, nodes, edges };
}

// ── 2. whole server ───────────────────────────────────────────────────────────
const TICK_MS = 1000 / 100; // USER_HZ
function serverCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function wholeServer() {
  let toolTurns = 0;
  const orders = await startOrderPeer();
  const model = await startToolModelPeer({ tool: 'look_up_order', argumentsFor: (n) => ({ orderId: String(n) }), toolTurns: () => toolTurns });
  // --profile: the server writes a CPU profile on its way out, summarised below (self time per function).
  const nodeArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  if (args.profile) fs.rmSync(PROFILE_DIR, { recursive: true, force: true });
  const weft = await startWeft({ port: args.port, nodeArgs, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', LOG_LEVEL: 'error' } });
  try {
    const user = await signUp(weft.url);
    const document = {
      name: 'Agent bench',
      nodes: [
        {
          id: 'agent',
          position: { x: 0, y: 0 },
          data: {
            label: 'Agent',
            type: 'ai.agent',
            config: { provider: 'openai-compatible', baseUrl: model.url, model: 'bench', task: 'Look the orders up.', maxSteps: 100, maxToolCalls: 100 },
          },
        },
        {
          id: 'orders',
          position: { x: 0, y: 200 },
          data: { label: 'Look up order', type: 'http.request', config: { method: 'GET', url: `${orders.url}/order?id={{args.orderId}}` } },
        },
        { id: 'out', position: { x: 300, y: 0 }, data: { label: 'Answer', type: 'output', config: {} } },
      ],
      edges: [
        { id: 'e1', source: 'orders', sourceHandle: 'tool', target: 'agent', targetHandle: 'tools' },
        { id: 'e2', source: 'agent', sourceHandle: 'output', target: 'out', targetHandle: 'input' },
      ],
    };
    const { workflow } = await api(weft.url, user, 'POST', '/api/workflows', document);
    const chains = new Map();
    for (const pairs of [1, args.steps])
      chains.set(pairs, (await api(weft.url, user, 'POST', '/api/workflows', chainDocument(pairs, model.url, orders.url))).workflow.id);
    const runOnce = async (id) => {
      const { execution } = await api(weft.url, user, 'POST', `/api/workflows/${id}/run?wait=true`, { inputs: {} });
      if (execution.status !== 'success') throw new Error(`run ${execution.status}: ${execution.error}`);
      return execution;
    };
    /** Server CPU and wall time per run: an agent of `pairs` model calls, or a chain of `pairs` LLM Chat → HTTP pairs. */
    const measure = async (kind, pairs) => {
      toolTurns = pairs - 1;
      const id = kind === 'agent' ? workflow.id : chains.get(pairs);
      for (let i = 0; i < 3; i++) await runOnce(id); // warm up (the AI SDK loads on the first call)
      const cpu0 = serverCpuMs(weft.pid);
      const t0 = performance.now();
      for (let i = 0; i < args.runs; i++) await runOnce(id);
      return { kind, pairs, cpuMsPerRun: (serverCpuMs(weft.pid) - cpu0) / args.runs, wallMsPerRun: (performance.now() - t0) / args.runs };
    };
    // Alternated, so a change of load in between hits all four.
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      for (const kind of ['agent', 'chain']) for (const pairs of [1, args.steps]) rounds.push(await measure(kind, pairs));
    }
    const med = (kind, pairs, key) =>
      rounds
        .filter((r) => r.kind === kind && r.pairs === pairs)
        .map((r) => r[key])
        .sort((a, b) => a - b)[1];
    const perPair = (kind, key) => (med(kind, args.steps, key) - med(kind, 1, key)) / (args.steps - 1);
    return {
      agentCpuMsPerPair: perPair('agent', 'cpuMsPerRun'),
      chainCpuMsPerPair: perPair('chain', 'cpuMsPerRun'),
      agentWallMsPerPair: perPair('agent', 'wallMsPerRun'),
      chainWallMsPerPair: perPair('chain', 'wallMsPerRun'),
      rounds,
      toolRequests: orders.requests(),
    };
  } finally {
    await weft.stop();
    await model.close();
    await orders.close();
  }
}

const local = await inProcess();
const server = await wholeServer();
const after = loadavg();
const round = (n, d = 1) => Number(n.toFixed(d));
const overheadMs = server.agentCpuMsPerPair - server.chainCpuMsPerPair;
console.table({
  'in process: loop + fold, per step': {
    'µs CPU': round(local.cpuUsPerStep, 2),
    'µs wall': round(local.wallUsPerStep, 2),
    target: `< ${TARGET.inProcessUs} µs`,
  },
  'server: agent, per model + tool step pair': {
    'µs CPU': round(server.agentCpuMsPerPair * 1000, 0),
    'µs wall': round(server.agentWallMsPerPair * 1000, 0),
    target: '',
  },
  'server: LLM Chat → HTTP Request, per pair': {
    'µs CPU': round(server.chainCpuMsPerPair * 1000, 0),
    'µs wall': round(server.chainWallMsPerPair * 1000, 0),
    target: '',
  },
  'server: the agent’s own, per pair': { 'µs CPU': round(overheadMs * 1000, 0), 'µs wall': '', target: `< ${TARGET.serverMsPerStep * 1000} µs` },
});
console.log(`/proc/loadavg before: ${before}; after: ${after}`);
if (args.profile) {
  const [file] = fs.readdirSync(PROFILE_DIR);
  console.table(selfTimeByFunction(JSON.parse(fs.readFileSync(path.join(PROFILE_DIR, file), 'utf8')), 25).top);
}
const pass = local.cpuUsPerStep < TARGET.inProcessUs && overheadMs < TARGET.serverMsPerStep;
console.log(pass ? 'PASS' : 'MISS');
writeResults('agent.json', {
  at: new Date().toISOString(),
  machine: machineInfo({ loadBefore: before, loadAfter: after }),
  args,
  target: TARGET,
  inProcess: local,
  server,
});
