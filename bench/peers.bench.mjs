#!/usr/bin/env node
/**
 * Weft beside Node-RED (issue 12): the same chains on both, HTTP request → N trivial nodes →
 * HTTP answer, for N = 5 and N = 100. Each server pinned to core 0, the load generator
 * (autocannon, 50 connections, its own process) to core 1, rounds interleaved
 * (Weft 5, Node-RED 5, floor, Weft 100, Node-RED 100) and server CPU time per request from /proc.
 * Node-RED is installed from the npm registry into a cached folder under os.tmpdir().
 * The floor (issue 24) is a bare Node HTTP server making one SQLite commit of a run-sized
 * row per request (lib/floor-server.mjs) on the same core: the physical limit, as a number.
 *
 * Targets (Weft): ≤ 10 µs of server CPU per extra node (between the 5- and 100-node chains);
 * ≥ 3,000 stored executions/s for the 5-node workflow with p99 < 50 ms, on one core.
 *
 *   npm run build && npm run bench:peers [-- --seconds 10 --rounds 3 --connections 50 --red-node change]
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg, machineInfo, writeResults } from './lib/bench-results.mjs';
import { autocannon, chainWebhook, chainWorkflow } from './lib/chain-workflow.mjs';
import { installNodeRed, startNodeRed } from './lib/node-red.mjs';
import { queryWeftDb, signUp, startWeft } from './lib/weft-server.mjs';

const args = benchOptions({
  seconds: 10,
  rounds: 3,
  connections: 50,
  warmup: 3,
  'weft-port': 4494,
  'red-port': 4495,
  'floor-port': 4496,
  // Node-RED 5 needs Node ≥ 22.9; 4 is the newest major that runs on Node 20.
  'red-version': '4',
  'red-node': 'change',
  // How much each successful Weft run keeps (the workflow's setting): all, outputs or summary.
  'run-data': 'all',
  'server-cpu': 0,
  'load-cpu': 1,
});
const { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, warmup: WARMUP, 'server-cpu': SERVER_CPU, 'load-cpu': LOAD_CPU } = args;
const LENGTHS = [5, 100];
const TARGET = { perExtraNodeUs: 10, storedPerSecond5: 3000, p99Ms5: 50 };
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100; // USER_HZ
if (!['change', 'function'].includes(args['red-node'])) throw new Error('--red-node is change or function');
const RUN_DATA = args['run-data'];
if (!['all', 'outputs', 'summary'].includes(RUN_DATA)) throw new Error('--run-data is all, outputs or summary');

/** utime + stime of a whole process (every thread), in microseconds. */
function cpuUs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const cpuModel = () => /^model name\s*:\s*(.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Pins every thread of `pid` (and the threads it starts later) to `cpu`; answers the allowed list the kernel reports. */
function pin(pid, cpu) {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  return /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
}

// Everything to stop on the way out, whichever way that is.
const running = { weft: null, red: null, floor: null, loads: new Set() };
let cleaning = null;
let interrupted = false;
function cleanup() {
  cleaning ??= (async () => {
    for (const child of running.loads) child.kill('SIGKILL');
    await Promise.allSettled([running.weft?.stop(), running.red?.stop(), running.floor?.stop()]);
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping both servers…`);
    cleanup().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}
process.on('exit', () => {
  // Last resort if something skipped the async cleanup: no server outlives the harness.
  for (const s of [running.weft, running.red, running.floor]) {
    if (s && !s.exited()) {
      try {
        process.kill(s.pid, 'SIGKILL');
      } catch {}
    }
  }
});

/**
 * The floor (lib/floor-server.mjs) on `port`, pinned to `cpu`, its SQLite file in a
 * temporary folder; ready once it says it listens. `countStored` reads its rows.
 */
async function startFloor(port, cpu) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-floor-'));
  const file = path.join(dir, 'floor.db');
  const script = fileURLToPath(new URL('./lib/floor-server.mjs', import.meta.url));
  const child = spawn('taskset', ['-c', String(cpu), process.execPath, script, String(port), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = () => (child.exitCode === null && child.signalCode === null ? null : `exit ${child.exitCode ?? child.signalCode}`);
  const server = {
    pid: child.pid,
    url: `http://127.0.0.1:${port}/`,
    exited,
    readLog: () => '',
    countStored: () => queryFloor(file),
    async stop() {
      if (!exited()) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  running.floor = server;
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return server;
}
function queryFloor(file) {
  const Database = createRequire(fileURLToPath(new URL('../apps/server/package.json', import.meta.url)))('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS n FROM runs').get().n;
  } finally {
    db.close();
  }
}

function executionsStored(dataDir) {
  const rows = queryWeftDb(dataDir, 'SELECT workflow_id AS id, count(*) AS n FROM executions GROUP BY workflow_id');
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}

/** autocannon in a process of its own on the load core, killed with the servers if we stop early. */
function load(url, seconds) {
  return autocannon(url, seconds, CONNECTIONS, {
    cpu: LOAD_CPU,
    onSpawn: (child) => {
      running.loads.add(child);
      child.once('exit', () => running.loads.delete(child));
    },
  });
}

/** One load run against one chain: throughput, latency and the server's CPU per answered request. */
async function measure(server, url, seconds, countStored) {
  if (server.exited()) throw new Error(`the server stopped (${server.exited()}):\n${server.readLog().slice(-2000)}`);
  const storedBefore = countStored?.();
  const cpuBefore = cpuUs(server.pid);
  const result = await load(url, seconds);
  // Requests still in flight when the load stopped finish (and Weft's are stored) a moment later.
  await sleep(1000);
  const cpu = cpuUs(server.pid) - cpuBefore;
  const ok = result['2xx'];
  const duration = result.duration || seconds;
  const stored = countStored ? countStored() - storedBefore : undefined;
  return {
    requestsPerSecond: Math.round(ok / duration),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    responses: { ok, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
    cpuUsPerRequest: ok ? Math.round((cpu / ok) * 10) / 10 : null,
    serverCpuSeconds: Math.round(cpu / 1e4) / 100,
    durationSeconds: Math.round(duration * 100) / 100,
    ...(stored === undefined ? {} : { stored, storedPerSecond: Math.round(stored / duration), everyExecutionStored: stored >= ok }),
  };
}

const loadBefore = loadavg();
// The harness itself (fetches, SQLite counts) stays off the servers' core.
pin(process.pid, LOAD_CPU);
const nodeRed = installNodeRed(args['red-version']);
console.log(
  `node-red ${nodeRed.version} ${nodeRed.cached ? 'from the cache' : 'installed'} in ${nodeRed.dir}${nodeRed.cached ? '' : ' (kept for the next run)'}`,
);

const results = { weft: {}, nodeRed: {}, floor: {} };
let exitCode = 0;
try {
  // Weft: fresh data folder, one user, a webhook-triggered workflow per chain, every execution stored.
  const weft = await startWeft({ port: args['weft-port'], env: { LOG_LEVEL: 'warn' } });
  running.weft = weft;
  const weftPinned = pin(weft.pid, SERVER_CPU);
  const user = await signUp(weft.url);
  const hooks = {};
  for (const n of LENGTHS) {
    const document = { ...chainWorkflow(n, `Peers benchmark, ${n} nodes`), settings: { successfulRunData: RUN_DATA } };
    const { workflow, webhook } = await chainWebhook(weft.url, user, n, document);
    hooks[n] = { url: webhook.url, workflowId: workflow.id };
  }

  const red = await startNodeRed({
    red: nodeRed.red,
    port: args['red-port'],
    lengths: LENGTHS,
    kind: args['red-node'],
    cpu: SERVER_CPU,
    onSpawn: (s) => {
      running.red = s;
    },
  });
  const redPinned = pin(red.pid, SERVER_CPU);
  const floor = await startFloor(args['floor-port'], SERVER_CPU);
  const floorPinned = pin(floor.pid, SERVER_CPU);
  console.log(
    `Weft pid ${weft.pid} on CPU ${weftPinned}, Node-RED pid ${red.pid} on CPU ${redPinned}, floor pid ${floor.pid} on CPU ${floorPinned}, ` +
      `autocannon on CPU ${LOAD_CPU}, ${CONNECTIONS} connections`,
  );

  const targets = [];
  for (const n of LENGTHS) {
    targets.push({
      key: 'weft',
      n,
      server: weft,
      url: hooks[n].url,
      countStored: () => executionsStored(weft.dataDir)[hooks[n].workflowId] ?? 0,
    });
    targets.push({ key: 'nodeRed', n, server: red, url: red.chainUrl(n) });
    // The floor stands beside the 5-node chain only: it has no nodes.
    if (n === 5) targets.push({ key: 'floor', n, server: floor, url: floor.url, countStored: floor.countStored });
  }
  for (const t of targets) results[t.key][t.n] = { rounds: [] };

  if (WARMUP > 0) {
    console.log(`warm-up: ${WARMUP} s on each of the four`);
    for (const t of targets) await load(t.url, WARMUP);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      const r = await measure(t.server, t.url, SECONDS, t.countStored);
      results[t.key][t.n].rounds.push(r);
      const name = { weft: 'Weft', nodeRed: 'Node-RED', floor: 'floor' }[t.key];
      console.log(
        `round ${round}/${ROUNDS}  ${`${name} ${t.n}`.padEnd(13)} ${String(r.requestsPerSecond).padStart(6)} req/s  p99 ${String(r.latencyMs.p99).padStart(4)} ms  ` +
          `${String(r.cpuUsPerRequest).padStart(7)} µs CPU/req${r.stored === undefined ? '' : `  stored ${r.stored}`}` +
          `${r.responses.non2xx || r.responses.errors ? `  (${r.responses.non2xx} non-2xx, ${r.responses.errors} errors)` : ''}`,
      );
    }
  }
} catch (error) {
  if (!interrupted) console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
const loadAfter = loadavg();

if (exitCode === 0) {
  // Per chain: the median of the rounds.
  for (const key of ['weft', 'nodeRed']) {
    for (const n of LENGTHS) {
      const r = results[key][n].rounds;
      Object.assign(results[key][n], {
        requestsPerSecond: median(r.map((x) => x.requestsPerSecond)),
        p99Ms: median(r.map((x) => x.latencyMs.p99)),
        cpuUsPerRequest: Math.round(median(r.map((x) => x.cpuUsPerRequest)) * 10) / 10,
        ...(key === 'weft'
          ? { storedPerSecond: median(r.map((x) => x.storedPerSecond)), everyExecutionStored: r.every((x) => x.everyExecutionStored) }
          : { everyRequestAnswered: r.every((x) => x.responses.non2xx === 0 && x.responses.errors === 0) }),
      });
    }
    results[key].perExtraNodeUs = Math.round(((results[key][100].cpuUsPerRequest - results[key][5].cpuUsPerRequest) / 95) * 100) / 100;
  }
  const f = results.floor[5];
  Object.assign(f, {
    requestsPerSecond: median(f.rounds.map((x) => x.requestsPerSecond)),
    p99Ms: median(f.rounds.map((x) => x.latencyMs.p99)),
    cpuUsPerRequest: Math.round(median(f.rounds.map((x) => x.cpuUsPerRequest)) * 10) / 10,
    everyRequestStored: f.rounds.every((x) => x.everyExecutionStored),
  });
  const w = results.weft;
  const r = results.nodeRed;
  const ratio = (a, b) => (a > 0 && b > 0 ? `${(a / b).toFixed(2)}×` : '–');
  const row = (label, a, b) => `${label.padEnd(26)}${String(a).padStart(12)}${String(b).padStart(12)}${ratio(a, b).padStart(10)}`;
  const checks = [
    { name: `Weft: ≤ ${TARGET.perExtraNodeUs} µs CPU per extra node`, value: `${w.perExtraNodeUs} µs`, ok: w.perExtraNodeUs <= TARGET.perExtraNodeUs },
    {
      name: `Weft 5 nodes: ≥ ${TARGET.storedPerSecond5.toLocaleString('en')} stored executions/s`,
      value: `${w[5].storedPerSecond}/s`,
      ok: w[5].storedPerSecond >= TARGET.storedPerSecond5,
    },
    { name: `Weft 5 nodes: p99 < ${TARGET.p99Ms5} ms`, value: `${w[5].p99Ms} ms`, ok: w[5].p99Ms < TARGET.p99Ms5 },
    {
      name: 'Weft: every execution stored',
      value: String(w[5].everyExecutionStored && w[100].everyExecutionStored),
      ok: w[5].everyExecutionStored && w[100].everyExecutionStored,
    },
  ];
  const summary = {
    date: new Date().toISOString(),
    machine: machineInfo({ model: cpuModel(), loadavgBefore: loadBefore, loadavgAfter: loadAfter }),
    setup: {
      seconds: SECONDS,
      rounds: ROUNDS,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      serverCpu: SERVER_CPU,
      loadCpu: LOAD_CPU,
      chains: LENGTHS,
      nodeRed: { version: nodeRed.version, node: args['red-node'], installedIn: nodeRed.dir, fromCache: nodeRed.cached },
      weft: 'apps/server/dist/cli.js start, fresh SQLite DATA_DIR, webhook (respond: output) → Text Input → Template × (N − 2) → Output',
      weftRunData: RUN_DATA,
      floor: 'lib/floor-server.mjs: node:http, one better-sqlite3 INSERT (WAL, synchronous = FULL) of a 1.1 KB row per request, its own commit',
    },
    target: TARGET,
    checks,
    weft: w,
    nodeRed: r,
    floor: f,
    ratio: {
      cpuUsPerRequest5ToFloor: Math.round((w[5].cpuUsPerRequest / f.cpuUsPerRequest) * 100) / 100,
      requestsPerSecond5: Math.round((w[5].requestsPerSecond / r[5].requestsPerSecond) * 100) / 100,
      requestsPerSecond100: Math.round((w[100].requestsPerSecond / r[100].requestsPerSecond) * 100) / 100,
      cpuUsPerRequest5: Math.round((w[5].cpuUsPerRequest / r[5].cpuUsPerRequest) * 100) / 100,
      cpuUsPerRequest100: Math.round((w[100].cpuUsPerRequest / r[100].cpuUsPerRequest) * 100) / 100,
      perExtraNodeUs: r.perExtraNodeUs > 0 ? Math.round((w.perExtraNodeUs / r.perExtraNodeUs) * 100) / 100 : null,
    },
  };
  // The default run (everything kept) is the record; the lighter settings get files of their own.
  const resultFile = RUN_DATA === 'all' ? 'peers.json' : `peers-${RUN_DATA}.json`;
  writeResults(resultFile, summary);

  console.log(
    `\nWeft (runs keep: ${RUN_DATA}) vs Node-RED ${nodeRed.version} (${args['red-node']} nodes), one core each, ${CONNECTIONS} connections, median of ${ROUNDS} × ${SECONDS} s`,
  );
  console.log(`${''.padEnd(26)}${'Weft'.padStart(12)}${'Node-RED'.padStart(12)}${'ratio'.padStart(10)}${'floor'.padStart(10)}${'Weft/floor'.padStart(12)}`);
  for (const n of LENGTHS) {
    const beside = (a, b) => (n === 5 ? `${String(b).padStart(10)}${ratio(a, b).padStart(12)}` : '');
    console.log(row(`${n} nodes: req/s`, w[n].requestsPerSecond, r[n].requestsPerSecond) + beside(w[n].requestsPerSecond, f.requestsPerSecond));
    console.log(row(`${n} nodes: p99 ms`, w[n].p99Ms, r[n].p99Ms) + beside(w[n].p99Ms, f.p99Ms));
    console.log(row(`${n} nodes: CPU µs/request`, w[n].cpuUsPerRequest, r[n].cpuUsPerRequest) + beside(w[n].cpuUsPerRequest, f.cpuUsPerRequest));
  }
  console.log(row('CPU µs per extra node', w.perExtraNodeUs, r.perExtraNodeUs));
  console.log(`Weft stored executions/s: ${w[5].storedPerSecond} (5 nodes), ${w[100].storedPerSecond} (100 nodes)`);
  for (const c of checks) console.log(`  ${c.ok ? 'meets ' : 'MISSES'}  ${c.name}: ${c.value}`);
  console.log(`load average before: ${loadBefore}\nload average after:  ${loadAfter}\n→ bench/results/${resultFile}`);
}
process.exit(exitCode);
