#!/usr/bin/env node
/**
 * Cold start (issue 12): how long `weft start` takes on a fresh data folder until it
 * gives its first successful workflow answer, and how much memory it holds then.
 * Target: under 1 s and under 120 MiB RSS.
 *
 *   npm run build && npm run bench:cold-start [-- --rounds 7 --port 4492]
 *
 * Per round: a new temporary SQLite data folder ─► spawn `node apps/server/dist/cli.js start`
 * (clock starts) ─► poll /api/health every 5 ms ─► sign up ─► POST the 5-node chain ─►
 * PUT its webhook ─► POST "hello" to the webhook ─► "three two one hello" (clock stops,
 * VmRSS read from /proc) ─► stop. Then the same folder is started again and the webhook
 * polled until it answers: a restart of an instance that has workflows.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg, machineInfo, writeResults } from './lib/bench-results.mjs';
import { askChain, chainWebhook } from './lib/chain-workflow.mjs';
import { benchServerEnv, signUp } from './lib/weft-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = benchOptions({ port: 4492, rounds: 5 });
const TARGET = { answerMs: 1000, rssMiB: 120 };
const { port } = args;
const url = `http://127.0.0.1:${port}`;
const cli = path.join(root, 'apps/server/dist/cli.js');
const web = path.join(root, 'apps/web/dist');
if (!fs.existsSync(cli) || !fs.existsSync(path.join(web, 'index.html'))) throw new Error('Build first: npm run build');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Resident and peak memory of a process in MiB, from /proc/<pid>/status. */
function memoryMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

const CLOCK_TICKS_PER_S = 100; // USER_HZ, 100 on Linux

/**
 * CPU time the process has used so far (utime + stime of all its threads, from
 * /proc/<pid>/stat), in ms: on a machine busy with others' work this holds better than
 * wall time, which counts the waits for a core.
 */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat(5); the split drops the first two.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

function start(dataDir) {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [cli, 'start'], {
    cwd: root,
    env: benchServerEnv({ port, dataDir, WEB_DIR: web }),
    stdio: ['ignore', log, log],
  });
  const started = performance.now();
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  };
  return { child, started, stop, log: () => fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8') };
}

/** Polls until `probe` answers true; fails after 30 s or when the server exits. */
async function until(server, probe) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`Weft exited with ${server.child.exitCode}:\n${server.log()}`);
    if (await probe().catch(() => false)) return performance.now() - server.started;
    if (performance.now() > deadline) throw new Error(`No answer within 30 s:\n${server.log()}`);
    await sleep(5);
  }
}

async function postHello(webhookUrl) {
  return (await askChain(webhookUrl, 5)).answered;
}

async function taken() {
  return fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
}

async function round() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-cold-'));
  try {
    const fresh = start(dataDir);
    let webhookUrl;
    let first;
    try {
      const listeningMs = await until(fresh, async () => (await fetch(`${url}/api/health`)).ok);
      const listeningMemory = memoryMiB(fresh.child.pid);
      const listeningCpuMs = cpuMs(fresh.child.pid);
      const user = await signUp(url);
      const { webhook } = await chainWebhook(url, user, 5).catch((error) => {
        throw new Error(`${error.message}:\n${fresh.log()}`);
      });
      webhookUrl = webhook.url;
      const answerMs = performance.now() - fresh.started;
      first = {
        listeningMs,
        answerMs,
        listeningCpuMs,
        answerCpuMs: cpuMs(fresh.child.pid),
        listeningRssMiB: listeningMemory.rss,
        ...rename(memoryMiB(fresh.child.pid)),
      };
    } finally {
      await fresh.stop();
    }
    // A restart with the workflow in place: the webhook itself is polled, nothing else.
    const again = start(dataDir);
    try {
      const answerMs = await until(again, () => postHello(webhookUrl));
      return { fresh: first, restart: { answerMs, answerCpuMs: cpuMs(again.child.pid), ...rename(memoryMiB(again.child.pid)) } };
    } finally {
      await again.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function rename({ rss, peak }) {
  return { rssMiB: rss, peakRssMiB: peak };
}

if (await taken()) throw new Error(`Port ${port} is already in use; pass --port`);
const loadBefore = loadavg();
const rounds = [];
for (let i = 0; i < args.rounds; i++) rounds.push(await round());
const loadAfter = loadavg();
const pick = (phase, key) => median(rounds.map((r) => r[phase][key]));
const result = {
  date: new Date().toISOString(),
  machine: machineInfo({ loadavgBefore: loadBefore, loadavgAfter: loadAfter }),
  target: TARGET,
  median: {
    fresh: {
      listeningMs: pick('fresh', 'listeningMs'),
      answerMs: pick('fresh', 'answerMs'),
      listeningCpuMs: pick('fresh', 'listeningCpuMs'),
      answerCpuMs: pick('fresh', 'answerCpuMs'),
      listeningRssMiB: pick('fresh', 'listeningRssMiB'),
      rssMiB: pick('fresh', 'rssMiB'),
      peakRssMiB: pick('fresh', 'peakRssMiB'),
    },
    restart: {
      answerMs: pick('restart', 'answerMs'),
      answerCpuMs: pick('restart', 'answerCpuMs'),
      rssMiB: pick('restart', 'rssMiB'),
      peakRssMiB: pick('restart', 'peakRssMiB'),
    },
  },
  rounds,
};
result.meetsTarget = result.median.fresh.answerMs < TARGET.answerMs && result.median.fresh.rssMiB < TARGET.rssMiB;
writeResults('cold-start.json', result);
const m = result.median;
const f = (n) => n.toFixed(0);
console.log(`cold start, median of ${rounds.length} rounds, /proc/loadavg ${loadBefore} → ${loadAfter}`);
console.log(`  fresh data folder  listening ${f(m.fresh.listeningMs)} ms, CPU ${f(m.fresh.listeningCpuMs)} ms (${f(m.fresh.listeningRssMiB)} MiB)`);
console.log(
  `                     first webhook answer ${f(m.fresh.answerMs)} ms (target < ${TARGET.answerMs}), CPU ${f(m.fresh.answerCpuMs)} ms, RSS ${f(m.fresh.rssMiB)} MiB (target < ${TARGET.rssMiB}), peak ${f(m.fresh.peakRssMiB)} MiB`,
);
console.log(
  `  restart            first webhook answer ${f(m.restart.answerMs)} ms, CPU ${f(m.restart.answerCpuMs)} ms, RSS ${f(m.restart.rssMiB)} MiB, peak ${f(m.restart.peakRssMiB)} MiB`,
);
console.log(result.meetsTarget ? '  meets the target' : '  MISSES the target');
