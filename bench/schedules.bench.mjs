#!/usr/bin/env node
/**
 * Schedules at scale (issue 10): 10,000 enabled schedules on embedded SQLite, all due at
 * the same instant, each running a trivial workflow (Text Input → Output).
 * Measures: lateness (execution created − scheduled instant) p50/p99, the time until all
 * 10,000 executions are stored as finished, missed or doubled ticks (must be 0), the CPU
 * the server spent firing them, and the scheduler's idle cost (CPU % of the server
 * process over 30 s with 10,000 enabled schedules and none due), read from /proc.
 * Target: none missed, doubled or failed; every tick claimed (in the ledger) within 1 s
 * (p99); a burst is worked off at ≥ 1,000 ticks/s (so
 * 10,000 due at once are all stored within 10 s) at < 1.5 ms of server CPU per tick (the
 * claim, the run and its stored execution); idle CPU < 1 %. Lateness of a burst is bound
 * by that throughput, not by the scheduler's polling: a single due tick starts within ms.
 *
 *   npm run build && npm run bench:schedules [-- --schedules 10000 --idle 30]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, signUp, startWeft } from './lib/weft-server.mjs';

// The server's own SQLite driver, to watch the file without asking the server.
const Database = createRequire(new URL('../apps/server/package.json', import.meta.url))('better-sqlite3');

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4493' },
    schedules: { type: 'string', default: '10000' },
    idle: { type: 'string', default: '30' },
    profile: { type: 'string' },
  },
});
const COUNT = Number(args.schedules);
const TARGET = { claimP99Ms: 1000, ticksPerSecond: 1000, cpuPerTickUs: 1500 };
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in milliseconds. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every execution of the user, through the API's cursor pages. */
async function allExecutions(url, user) {
  const found = [];
  let cursor = null;
  do {
    const page = await api(url, user, 'GET', `/api/executions?limit=100${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
    found.push(...page.executions);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

async function main() {
  // --profile <dir>: the server writes a V8 CPU profile there when it stops.
  const server = await startWeft({
    port: args.port,
    // One user makes every schedule, and each run is kept.
    env: { LOG_LEVEL: 'warn', WEFT_SCHEDULES_PER_USER: '0', WEFT_EXECUTIONS_QUOTA: '0' },
    nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  });
  try {
    const user = await signUp(server.url);
    const workflow = {
      name: 'Scheduled benchmark',
      nodes: [
        { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'In', type: 'input.text', config: { text: 'tick' } } },
        { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Out', type: 'output', config: {} } },
      ],
      edges: [{ id: 'e', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
    };
    const { workflow: created } = await api(server.url, user, 'POST', '/api/workflows', workflow);

    // One instant far enough ahead to create every schedule first; a daily 6-field cron at
    // that second (the common burst: everyone's "every day at 09:00"), so all 10,000 stay
    // enabled with nothing due before it (the idle phase).
    const creating = Date.now();
    const fireAt = new Date(Math.ceil((creating + 20_000 + COUNT * 3) / 1000) * 1000);
    const cron = `${fireAt.getUTCSeconds()} ${fireAt.getUTCMinutes()} ${fireAt.getUTCHours()} * * *`;
    const queue = Array.from({ length: COUNT }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (queue.length > 0) {
          const i = queue.pop();
          await api(server.url, user, 'POST', '/api/schedules', { workflowId: created.id, name: `s${i}`, cron, overlapPolicy: 'allow' });
        }
      }),
    );
    const createdIn = Date.now() - creating;
    if (Date.now() > fireAt.getTime() - 2000) throw new Error('creating the schedules took longer than planned; lower --schedules');
    console.log(`created ${COUNT} schedules in ${(createdIn / 1000).toFixed(1)} s; all fire at ${fireAt.toISOString()}`);

    // Idle before the firing: every schedule enabled, none due.
    await sleep(Math.max(0, Math.min(Number(args.idle) * 1000, fireAt.getTime() - Date.now() - 3000) / 2));
    const idleStart = { cpu: cpuMs(server.pid), at: Date.now() };
    await sleep(Math.max(1000, fireAt.getTime() - Date.now() - 1500));
    const idle = { cpu: cpuMs(server.pid) - idleStart.cpu, wall: Date.now() - idleStart.at };

    // Waiting reads the SQLite file beside the server (read-only), so the wait costs the server nothing.
    const cpuBefore = cpuMs(server.pid);
    const db = new Database(path.join(server.dataDir, 'weft.db'), { readonly: true, fileMustExist: true });
    const deadline = fireAt.getTime() + 300_000;
    for (;;) {
      await sleep(250);
      const { n } = db.prepare("SELECT count(*) AS n FROM executions WHERE status IN ('success', 'error', 'cancelled')").get();
      if (n >= COUNT || Date.now() > deadline) break;
    }
    // Claimed: the tick's row in the ledger (durable; a crash after it still starts the run).
    const claimLateness = db
      .prepare('SELECT created_at AS c, scheduled_for AS s FROM schedule_ticks')
      .all()
      .map((t) => Date.parse(t.c) - Date.parse(t.s))
      .sort((a, b) => a - b);
    db.close();
    const firingCpu = cpuMs(server.pid) - cpuBefore;
    const executions = await allExecutions(server.url, user);
    const finishedAt = Math.max(...executions.map((e) => Date.parse(e.finishedAt ?? e.createdAt)));
    const lateness = executions.map((e) => Date.parse(e.createdAt) - Date.parse(e.scheduledFor)).sort((a, b) => a - b);
    const instants = new Set(executions.map((e) => `${e.scheduleId}@${e.scheduledFor}`));
    const failed = executions.filter((e) => e.status !== 'success').length;

    const result = {
      schedules: COUNT,
      executions: executions.length,
      doubled: executions.length - instants.size,
      missed: COUNT - instants.size,
      failed,
      claimLatenessMs: { p50: percentile(claimLateness, 50), p99: percentile(claimLateness, 99), max: claimLateness[claimLateness.length - 1] },
      latenessMs: { p50: percentile(lateness, 50), p99: percentile(lateness, 99), max: lateness[lateness.length - 1] },
      allStoredAfterMs: finishedAt - fireAt.getTime(),
      ticksPerSecond: Math.round((COUNT * 1000) / Math.max(1, finishedAt - fireAt.getTime())),
      firingCpuMs: Math.round(firingCpu),
      firingCpuPerTickUs: Math.round((firingCpu * 1000) / COUNT),
      idleCpuPercent: Number(((idle.cpu / idle.wall) * 100).toFixed(2)),
      idleWindowMs: idle.wall,
      createSchedulesMs: createdIn,
    };
    const checks = [
      { name: `every tick claimed within ${TARGET.claimP99Ms} ms (p99)`, ok: result.claimLatenessMs.p99 < TARGET.claimP99Ms },
      { name: `≥ ${TARGET.ticksPerSecond} ticks/s until all are stored`, ok: result.ticksPerSecond >= TARGET.ticksPerSecond },
      { name: `< ${TARGET.cpuPerTickUs} µs of server CPU per tick`, ok: result.firingCpuPerTickUs < TARGET.cpuPerTickUs },
      { name: 'none missed, none doubled, none failed', ok: result.missed === 0 && result.doubled === 0 && failed === 0 },
      { name: 'idle CPU < 1 %', ok: result.idleCpuPercent < 1 },
    ];
    console.table(result.latenessMs);
    console.log(JSON.stringify(result, null, 2));
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`);
    const record = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg(), node: process.version },
      result,
      checks,
    };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'schedules.json'), `${JSON.stringify(record, null, 2)}\n`);
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; written to bench/results/schedules.json`,
    );
    if (checks.some((c) => !c.ok)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
