#!/usr/bin/env node
/**
 * Webhook throughput (issue 4): a webhook-triggered workflow of 5 trivial nodes on
 * embedded SQLite, loaded from a second process (autocannon) on 127.0.0.1 for 15 s.
 * Target: ≥ 1,000 executions/s, p99 < 50 ms, every execution stored.
 *
 *   npm run build && npm run bench:webhook [-- --duration 15 --connections 32]
 */
import os from 'node:os';
import { benchOptions } from './lib/bench-options.mjs';
import { machineInfo, writeResults } from './lib/bench-results.mjs';
import { autocannon, chainWebhook } from './lib/chain-workflow.mjs';
import { queryWeftDb, signUp, startWeft } from './lib/weft-server.mjs';

const args = benchOptions({ port: 4491, duration: 15, connections: 32, warmup: 3 });
const TARGET = { executionsPerSecond: 1000, p99Ms: 50 };

function countExecutions(dataDir, workflowId) {
  const rows = queryWeftDb(dataDir, 'SELECT status, count(*) AS n FROM executions WHERE workflow_id = ? GROUP BY status', workflowId);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const server = await startWeft({ port: args.port, env: { LOG_LEVEL: 'warn' } });
try {
  const user = await signUp(server.url);
  const { workflow, webhook } = await chainWebhook(server.url, user, 5);

  await autocannon(webhook.url, args.warmup, args.connections);
  const before = countExecutions(server.dataDir, workflow.id);
  const result = await autocannon(webhook.url, args.duration, args.connections);
  // Executions still finishing when the load stopped are stored a moment later.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = countExecutions(server.dataDir, workflow.id);
  const total = (s) => Object.values(s).reduce((a, b) => a + b, 0);
  const stored = total(after) - total(before);
  const ok2xx = result['2xx'];
  const summary = {
    date: new Date().toISOString(),
    machine: machineInfo({ load: os.loadavg()[0] }),
    durationSeconds: args.duration,
    connections: args.connections,
    executionsPerSecond: Math.round(ok2xx / args.duration),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    responses: { ok: ok2xx, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
    stored,
    storedByStatus: after,
    everyExecutionStored: stored >= ok2xx,
    target: TARGET,
  };
  writeResults('webhook.json', summary);
  console.log(`webhook → 5-node workflow, SQLite, ${summary.connections} connections, ${summary.durationSeconds} s`);
  console.log(`  executions/s  ${summary.executionsPerSecond}  (target ≥ ${TARGET.executionsPerSecond})`);
  console.log(`  latency ms    p50 ${summary.latencyMs.p50}  p90 ${summary.latencyMs.p90}  p99 ${summary.latencyMs.p99}  (target p99 < ${TARGET.p99Ms})`);
  console.log(`  responses     ${ok2xx} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  console.log(`  stored        ${stored} executions (${JSON.stringify(after)})${summary.everyExecutionStored ? '' : '  ← MISSING EXECUTIONS'}`);
} finally {
  await server.stop();
}
