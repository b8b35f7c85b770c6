#!/usr/bin/env node
/**
 * Webhook throughput (issue 4): a webhook-triggered workflow of 5 trivial nodes on
 * embedded SQLite, loaded from a second process (autocannon) on 127.0.0.1 for 15 s.
 * Target: ≥ 1,000 executions/s, p99 < 50 ms, every execution stored.
 *
 *   npm run build && npm run bench:webhook [-- --duration 15 --connections 32]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { autocannon, chainWorkflow } from './lib/chain-workflow.mjs';
import { api, signUp, startWeft } from './lib/weft-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4491' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '3' },
  },
});
const TARGET = { executionsPerSecond: 1000, p99Ms: 50 };

async function countExecutions(dataDir, workflowId) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(path.join(dataDir, 'weft.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT status, count(*) AS n FROM executions WHERE workflow_id = ? GROUP BY status').all(workflowId);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    db.close();
  }
}

const server = await startWeft({ port: Number(args.port), env: { LOG_LEVEL: 'warn' } });
try {
  const user = await signUp(server.url);
  const { workflow } = await api(server.url, user, 'POST', '/api/workflows', chainWorkflow(5));
  const { webhook } = await api(server.url, user, 'PUT', `/api/workflows/${workflow.id}/webhook`, { respond: 'output' });
  const probe = await fetch(webhook.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
  const probeBody = await probe.text();
  if (probe.status !== 200 || !probeBody.includes('three two one hello')) throw new Error(`Webhook answered ${probe.status}: ${probeBody}`);

  await autocannon(webhook.url, Number(args.warmup), Number(args.connections));
  const before = await countExecutions(server.dataDir, workflow.id);
  const result = await autocannon(webhook.url, Number(args.duration), Number(args.connections));
  // Executions still finishing when the load stopped are stored a moment later.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await countExecutions(server.dataDir, workflow.id);
  const total = (s) => Object.values(s).reduce((a, b) => a + b, 0);
  const stored = total(after) - total(before);
  const ok2xx = result['2xx'];
  const summary = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, load: os.loadavg()[0] },
    durationSeconds: Number(args.duration),
    connections: Number(args.connections),
    executionsPerSecond: Math.round(ok2xx / Number(args.duration)),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    responses: { ok: ok2xx, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
    stored,
    storedByStatus: after,
    everyExecutionStored: stored >= ok2xx,
    target: TARGET,
  };
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', 'webhook.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`webhook → 5-node workflow, SQLite, ${summary.connections} connections, ${summary.durationSeconds} s`);
  console.log(`  executions/s  ${summary.executionsPerSecond}  (target ≥ ${TARGET.executionsPerSecond})`);
  console.log(`  latency ms    p50 ${summary.latencyMs.p50}  p90 ${summary.latencyMs.p90}  p99 ${summary.latencyMs.p99}  (target p99 < ${TARGET.p99Ms})`);
  console.log(`  responses     ${ok2xx} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  console.log(`  stored        ${stored} executions (${JSON.stringify(after)})${summary.everyExecutionStored ? '' : '  ← MISSING EXECUTIONS'}`);
} finally {
  await server.stop();
}
