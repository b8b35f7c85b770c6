#!/usr/bin/env node
/**
 * Scale-out, measured (issue 24): one API process (`weft start`) and one worker (`weft
 * worker`) on a PostgreSQL and a Redis the harness starts itself (private, free ports, in
 * temporary folders: the shared 5432 and 6379 are never touched), the 5-node chain through
 * a webhook under load from autocannon in a process of its own. Beside it, in the same run
 * and rounds alternated: the same chain on one embedded process (SQLite, as bench:webhook),
 * on one embedded process over the same PostgreSQL (no Redis: what the database alone
 * costs), and scale-out with a second worker.
 *
 * Per measurement: executions stored per second (counted in the database, not from the
 * answers), p50/p99, CPU per stored run of each process from /proc (API, workers,
 * PostgreSQL's postmaster and backends, Redis), PostgreSQL's transactions, rows and WAL per
 * run (pg_stat_database, pg_stat_wal, pg_stat_statements) and Redis's commands per run
 * (INFO commandstats), with /proc/loadavg before and after.
 *
 * Targets: ≥ 1,000 stored executions/s with one API and one worker on this 2-core machine;
 * CPU per run in scale-out ≤ 2× embedded (SQLite) mode's.
 *
 *   npm run build && npm run bench:scale-out [-- --warmup 10 --seconds 10 --rounds 3 --connections 32 --configs sqlite,postgres,scale-out,scale-out-2 --pg-fsync off]
 *   npm run bench:scale-out -- --configs scale-out --profile   # the scale-out API's and worker's CPU profiles, self time per function
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg, machineInfo, writeResults } from './lib/bench-results.mjs';
import { autocannon, chainWebhook, chainWorkflow } from './lib/chain-workflow.mjs';
import { selfTimeByFunction } from './lib/cpu-profile.mjs';
import { freePort, serverRequire, startPostgres, startRedis } from './lib/private-services.mjs';
import { cpuUs, postgresCpuUs } from './lib/proc-cpu.mjs';
import { countersPerRun, postgresCounters, redisCommandsPerRun, resetRedisStats, resetStatements, statementsPerRun } from './lib/service-stats.mjs';
import { startWeftProcess } from './lib/weft-process.mjs';
import { queryWeftDb, signUp } from './lib/weft-server.mjs';

const args = benchOptions({
  seconds: 10,
  rounds: 3,
  connections: 32,
  warmup: 10,
  configs: 'sqlite,postgres,scale-out,scale-out-2',
  'pg-fsync': 'on',
  profile: false,
  top: 25,
});
const TARGET = { storedPerSecondScaleOut: 1000, cpuRatioToEmbedded: 2 };
const CONFIGS = args.configs.split(',');
for (const c of CONFIGS) if (!['sqlite', 'postgres', 'scale-out', 'scale-out-2'].includes(c)) throw new Error(`Unknown config ${c}`);
const NEEDS_PG = CONFIGS.some((c) => c !== 'sqlite');
const NEEDS_SCALE_OUT = CONFIGS.some((c) => c.startsWith('scale-out'));
// Backends publish pg_stat_database and pg_stat_wal when idle, at most every 10 s (PGSTAT_IDLE_INTERVAL).
const PG_STATS_SETTLE_MS = 11_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => {
  const s = xs.filter((x) => x !== undefined && x !== null).sort((a, b) => a - b);
  if (!s.length) return undefined;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round1 = (x) => Math.round(x * 10) / 10;
// With --profile the scale-out API and first worker write V8 CPU profiles here when they stop.
const profileDir = args.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'weft-scale-out-profile-')) : undefined;
const profiled = (name) => (profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`, '--cpu-prof-interval=200'] : []);

// Everything to stop on the way out, whichever way that is.
const running = { processes: new Set(), loads: new Set(), pg: null, redis: null };
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    for (const child of running.loads) child.kill('SIGKILL');
    await Promise.allSettled([...running.processes].map((p) => p.stop()));
    await running.redis?.stop();
    running.pg?.stop();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping…`);
    cleanup().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}
process.on('exit', () => {
  for (const p of running.processes) p.kill();
  running.pg?.stop();
});
async function start(options) {
  const p = await startWeftProcess(options);
  running.processes.add(p);
  return p;
}
async function stop(p) {
  await p.stop();
  running.processes.delete(p);
}

/** Executions of one workflow by status, from the database the processes write. */
function statusCounter(kind, target) {
  if (kind === 'sqlite') {
    return async (workflowId) =>
      Object.fromEntries(
        queryWeftDb(target, 'SELECT status, count(*) AS n FROM executions WHERE workflow_id = ? GROUP BY status', workflowId).map((r) => [r.status, r.n]),
      );
  }
  return async (workflowId) =>
    Object.fromEntries(
      (await target.query('SELECT status, count(*)::int AS n FROM executions WHERE workflow_id = $1 GROUP BY status', [workflowId])).rows.map((r) => [
        r.status,
        r.n,
      ]),
    );
}

/** Waits until none of the workflow's executions is queued or running (the load's last runs stored). */
async function settled(count, workflowId) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const byStatus = await count(workflowId);
    if (!byStatus.queued && !byStatus.running) return byStatus;
    if (Date.now() > deadline) throw new Error(`Runs still unfinished 60 s after the load: ${JSON.stringify(byStatus)}`);
    await sleep(100);
  }
}

const loadBefore = loadavg();
const results = { configs: {} };
let exitCode = 0;
try {
  const pg = NEEDS_PG ? await startPostgres({ fsync: args['pg-fsync'] !== 'off' }) : null;
  running.pg = pg;
  const redis = NEEDS_SCALE_OUT ? await startRedis() : null;
  running.redis = redis;
  if (pg) console.log(`private PostgreSQL on ${pg.port} (fsync ${args['pg-fsync']}, postmaster ${pg.postmaster})`);
  if (redis) console.log(`private Redis at ${redis.url} (pid ${redis.pid})`);
  const pgClient = async (url) => {
    const client = new (serverRequire('pg').Client)({ connectionString: url });
    await client.connect();
    return client;
  };

  // One deployment per configuration, all started up front, only the measured one loaded.
  const setups = {};
  if (CONFIGS.includes('sqlite')) {
    const api = await start({ command: 'start', port: await freePort(), label: 'embedded (SQLite)' });
    setups.sqlite = { api, count: statusCounter('sqlite', api.dataDir) };
  }
  if (CONFIGS.includes('postgres')) {
    const url = await pg.createDatabase('weft_embedded');
    const api = await start({ command: 'start', port: await freePort(), env: { DATABASE_URL: url }, label: 'embedded (PostgreSQL)' });
    setups.postgres = { api, database: 'weft_embedded', count: statusCounter('pg', await pgClient(url)) };
  }
  let scaleOutEnv;
  if (NEEDS_SCALE_OUT) {
    const url = await pg.createDatabase('weft_scale_out');
    scaleOutEnv = { DATABASE_URL: url, REDIS_URL: redis.url, WEFT_REDIS_PREFIX: 'bench', WEFT_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const api = await start({ command: 'start', port: await freePort(), env: scaleOutEnv, label: 'scale-out API', nodeArgs: profiled('api') });
    const worker = await start({ command: 'worker', env: scaleOutEnv, label: 'worker 1', nodeArgs: profiled('worker') });
    const shared = { api, workers: [worker], database: 'weft_scale_out', count: statusCounter('pg', await pgClient(url)) };
    for (const c of CONFIGS.filter((k) => k.startsWith('scale-out'))) setups[c] = shared;
  }
  for (const [key, s] of Object.entries(setups)) {
    if (s.hook) continue;
    const user = await signUp(s.api.url);
    const document = { ...chainWorkflow(5, `Scale-out benchmark (${key})`), settings: { successfulRunData: 'all' } };
    const { workflow, webhook } = await chainWebhook(s.api.url, user, 5, document);
    s.hook = { url: webhook.url, workflowId: workflow.id };
  }

  const load = (url, seconds) =>
    autocannon(url, seconds, args.connections, {
      onSpawn: (child) => {
        running.loads.add(child);
        child.once('exit', () => running.loads.delete(child));
      },
    });

  /** The processes whose CPU counts, by role. */
  const components = (key, s) => ({
    api: () => cpuUs(s.api.pid),
    ...(key.startsWith('scale-out') ? { workers: () => s.workers.reduce((sum, w) => sum + cpuUs(w.pid), 0) } : {}),
    ...(key === 'sqlite' ? {} : { postgres: () => postgresCpuUs(pg.postmaster, pg.pids().slice(1)) }),
    ...(key.startsWith('scale-out') ? { redis: () => cpuUs(redis.pid) } : {}),
  });

  async function measure(key) {
    const s = setups[key];
    for (const p of [s.api, ...(s.workers ?? [])]) if (p.exited()) throw new Error(`${p.label} stopped (${p.exited()}):\n${p.readLog().slice(-2000)}`);
    const usesPg = key !== 'sqlite';
    const usesRedis = key.startsWith('scale-out');
    const before = await settled(s.count, s.hook.workflowId);
    const load1 = loadavg();
    const pgBefore = usesPg ? await postgresCounters(pg, s.database) : null;
    if (usesPg) await resetStatements(pg);
    if (usesRedis) await resetRedisStats(redis.client);
    const parts = components(key, s);
    const cpuBefore = Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, f()]));
    const result = await load(s.hook.url, args.seconds);
    const after = await settled(s.count, s.hook.workflowId);
    const cpuAfter = Object.fromEntries(Object.entries(parts).map(([k, f]) => [k, f()]));
    const loadEnd = loadavg();
    const duration = result.duration || args.seconds;
    const stored = (after.success ?? 0) - (before.success ?? 0);
    const rows = (byStatus) => Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    // Every run adds a row and none may go: a sweep deleting rows would make the counts lie.
    if (rows(after) < rows(before)) throw new Error(`Executions were deleted during the measurement: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    const failed = (after.failed ?? 0) - (before.failed ?? 0);
    const cpuUsPerRun = {};
    for (const k of Object.keys(parts)) cpuUsPerRun[k] = stored ? round1((cpuAfter[k] - cpuBefore[k]) / stored) : null;
    cpuUsPerRun.total = round1(Object.keys(parts).reduce((sum, k) => sum + (cpuUsPerRun[k] ?? 0), 0));
    const r = {
      storedPerSecond: Math.round(stored / duration),
      stored,
      failed,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      responses: { ok: result['2xx'], non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
      everyAnswerStored: stored >= result['2xx'],
      cpuUsPerRun,
      cpuCoresBusy: round1((cpuUsPerRun.total * stored) / duration / 1e4) / 100,
      durationSeconds: Math.round(duration * 100) / 100,
      loadavgBefore: load1,
      loadavgAfter: loadEnd,
    };
    if (usesRedis) r.redis = await redisCommandsPerRun(redis.client, stored);
    if (usesPg) {
      r.statements = await statementsPerRun(pg, s.database, stored);
      await sleep(PG_STATS_SETTLE_MS);
      r.postgres = countersPerRun(pgBefore, await postgresCounters(pg, s.database), stored);
    }
    return r;
  }

  for (const key of CONFIGS) results.configs[key] = { rounds: [] };
  let second = null;
  const withWorkers = async (key, fn) => {
    if (key !== 'scale-out-2') return fn();
    second = await start({ command: 'worker', env: scaleOutEnv, label: 'worker 2' });
    setups[key].workers.push(second);
    try {
      return await fn();
    } finally {
      setups[key].workers.pop();
      await stop(second);
      second = null;
    }
  };
  if (args.warmup > 0) {
    console.log(`warm-up: ${args.warmup} s on each of ${CONFIGS.join(', ')}`);
    for (const key of CONFIGS) await withWorkers(key, () => load(setups[key].hook.url, args.warmup));
  }
  for (let round = 1; round <= args.rounds; round++) {
    for (const key of CONFIGS) {
      const r = await withWorkers(key, () => measure(key));
      results.configs[key].rounds.push(r);
      const cpu = Object.entries(r.cpuUsPerRun)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(
        `round ${round}/${args.rounds}  ${key.padEnd(12)} ${String(r.storedPerSecond).padStart(5)} stored/s  p50 ${r.latencyMs.p50} p99 ${r.latencyMs.p99} ms  ` +
          `CPU µs/run: ${cpu}${r.statements ? `  PG statements/run ${r.statements.callsPerRun}` : ''}${r.redis ? `  Redis commands/run ${r.redis.callsPerRun}` : ''}` +
          `${r.everyAnswerStored ? '' : '  ← ANSWERS NOT STORED'}${r.failed ? `  (${r.failed} failed)` : ''}  load ${r.loadavgBefore.split(' ')[0]}→${r.loadavgAfter.split(' ')[0]}`,
      );
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
const loadAfter = loadavg();

if (exitCode === 0) {
  for (const key of CONFIGS) {
    const c = results.configs[key];
    const rs = c.rounds;
    const parts = Object.keys(rs[0].cpuUsPerRun);
    Object.assign(c, {
      storedPerSecond: median(rs.map((x) => x.storedPerSecond)),
      p50Ms: median(rs.map((x) => x.latencyMs.p50)),
      p99Ms: median(rs.map((x) => x.latencyMs.p99)),
      cpuUsPerRun: Object.fromEntries(parts.map((k) => [k, median(rs.map((x) => x.cpuUsPerRun[k]))])),
      everyAnswerStored: rs.every((x) => x.everyAnswerStored),
      ...(rs[0].statements ? { pgStatementsPerRun: median(rs.map((x) => x.statements.callsPerRun)) } : {}),
      ...(rs[0].postgres ? { pgPerRun: Object.fromEntries(Object.keys(rs[0].postgres).map((k) => [k, median(rs.map((x) => x.postgres[k]))])) } : {}),
      ...(rs[0].redis ? { redisCommandsPerRun: median(rs.map((x) => x.redis.callsPerRun)) } : {}),
    });
  }
  const so = results.configs['scale-out'];
  const emb = results.configs.sqlite;
  const checks = [];
  if (so) {
    checks.push({
      name: `scale-out, 1 API + 1 worker: ≥ ${TARGET.storedPerSecondScaleOut} stored executions/s`,
      value: `${so.storedPerSecond}/s`,
      ok: so.storedPerSecond >= TARGET.storedPerSecondScaleOut,
    });
  }
  if (so && emb) {
    const ratio = Math.round((so.cpuUsPerRun.total / emb.cpuUsPerRun.total) * 100) / 100;
    results.cpuRatioScaleOutToEmbedded = ratio;
    checks.push({
      name: `CPU per run, scale-out ≤ ${TARGET.cpuRatioToEmbedded}× embedded (SQLite)`,
      value: `${ratio}×`,
      ok: ratio <= TARGET.cpuRatioToEmbedded,
    });
  }
  const two = results.configs['scale-out-2'];
  if (so && two) {
    // The model's check: what the measured CPU per run says the machine's two cores carry, against what two workers did.
    const cores = os.cpus().length;
    results.model = {
      predictedPerSecondFromCpu: Math.round((cores * 1e6) / so.cpuUsPerRun.total),
      measuredOneWorker: so.storedPerSecond,
      measuredTwoWorkers: two.storedPerSecond,
    };
  }
  const summary = {
    date: new Date().toISOString(),
    machine: machineInfo({ loadavgBefore: loadBefore, loadavgAfter: loadAfter }),
    setup: {
      seconds: args.seconds,
      rounds: args.rounds,
      warmupSeconds: args.warmup,
      connections: args.connections,
      configs: CONFIGS,
      postgresFsync: args['pg-fsync'],
      chain: 'webhook (respond: output) → Text Input → Template × 3 → Output, every run stored with everything kept',
      pinned: 'no: API, workers, PostgreSQL, Redis and autocannon share both cores',
    },
    target: TARGET,
    checks,
    ...results,
  };
  writeResults('scale-out.json', summary);
  console.log(`\n5-node chain through a webhook, ${args.connections} connections, median of ${args.rounds} × ${args.seconds} s`);
  for (const key of CONFIGS) {
    const c = results.configs[key];
    console.log(
      `${key.padEnd(12)} ${String(c.storedPerSecond).padStart(5)} stored/s  p50 ${c.p50Ms} p99 ${c.p99Ms} ms  CPU µs/run ${JSON.stringify(c.cpuUsPerRun)}` +
        `${c.pgStatementsPerRun ? `  PG statements/run ${c.pgStatementsPerRun}` : ''}${c.redisCommandsPerRun ? `  Redis commands/run ${c.redisCommandsPerRun}` : ''}`,
    );
  }
  if (results.model) console.log(`model: ${JSON.stringify(results.model)}`);
  if (profileDir) {
    // Warm-up and start-up are in the profiles too: compare shares, not milliseconds, with the measured rounds.
    for (const name of ['api', 'worker']) {
      const dir = path.join(profileDir, name);
      const [file] = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      if (!file) continue;
      const summary = selfTimeByFunction(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), args.top);
      console.log(`\n${name}: self time over ${summary.totalMs} ms of samples (${path.join(dir, file)})`);
      for (const { share, ms, fn } of summary.top) console.log(`${share.padStart(6)} ${String(Math.round(ms)).padStart(6)} ms  ${fn}`);
    }
  }
  for (const c of checks) console.log(`  ${c.ok ? 'meets ' : 'MISSES'}  ${c.name}: ${c.value}`);
  console.log(`load average before: ${loadBefore}\nload average after:  ${loadAfter}\n→ bench/results/scale-out.json`);
}
process.exit(exitCode);
