#!/usr/bin/env node
/**
 * Secret use on the run path (issue 25's audit trail): the webhook benchmark's 5-node chain
 * on embedded SQLite, loaded from autocannon on 127.0.0.1, first for a user without
 * secrets, then for one whose workflow names a secret (a global parameter
 * `{{secrets.BENCH_KEY}}`), so every run decrypts, masks and tells the audit trail, which
 * writes `secret.use` at most once a minute. Between them, the same user's workflow that
 * names no secret: decrypting and masking without the trail, so the last step is the
 * trail's own cost. Target: the named secret's runs within 5 % of the unnamed ones'
 * executions/s, p99 < 50 ms, and one `secret.use` entry per minute.
 *
 *   npx tsc -b apps/server && node bench/audit-secret-use.bench.mjs [-- --duration 10 --connections 32]
 */
import os from 'node:os';
import { benchOptions } from './lib/bench-options.mjs';
import { machineInfo, writeResults } from './lib/bench-results.mjs';
import { autocannon, chainWebhook, chainWorkflow } from './lib/chain-workflow.mjs';
import { api, queryWeftDb, signUp, startWeft } from './lib/weft-server.mjs';

const args = benchOptions({ port: 4499, duration: 10, connections: 32, warmup: 3 });
const TARGET = { auditSlowdownPercentAtMost: 5, p99Ms: 50 };

const server = await startWeft({ port: args.port, env: { LOG_LEVEL: 'warn' } });
try {
  const measure = async (webhookUrl) => {
    await autocannon(webhookUrl, args.warmup, args.connections);
    const result = await autocannon(webhookUrl, args.duration, args.connections);
    return {
      executionsPerSecond: Math.round(result['2xx'] / args.duration),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
    };
  };

  const plainUser = await signUp(server.url);
  const plain = await chainWebhook(server.url, plainUser, 5);
  const withoutSecret = await measure(plain.webhook.url);

  const secretUser = await signUp(server.url);
  await api(server.url, secretUser, 'POST', '/api/secrets', { name: 'BENCH_KEY', value: 'bench-secret-value-0123456789' });
  const document = {
    ...chainWorkflow(5, 'Secret use benchmark'),
    globalParameters: { key: { key: 'key', value: '{{secrets.BENCH_KEY}}', description: '' } },
  };
  const unnamed = await chainWebhook(server.url, secretUser, 5, chainWorkflow(5, 'Secret kept, not named'));
  const secretNotNamed = await measure(unnamed.webhook.url);
  const secret = await chainWebhook(server.url, secretUser, 5, document);
  const withSecret = await measure(secret.webhook.url);

  const uses = queryWeftDb(server.dataDir, "SELECT count(*) AS n FROM audit_entries WHERE action = 'secret.use'")[0]?.n ?? 0;
  const slowdown = (from, to) => Math.round((1 - to.executionsPerSecond / from.executionsPerSecond) * 1000) / 10;
  const auditSlowdownPercent = slowdown(secretNotNamed, withSecret);
  const summary = {
    date: new Date().toISOString(),
    machine: machineInfo({ load: os.loadavg()[0] }),
    durationSeconds: args.duration,
    connections: args.connections,
    withoutSecret,
    secretNotNamed,
    withSecret,
    secretsSlowdownPercent: slowdown(withoutSecret, secretNotNamed),
    auditSlowdownPercent,
    secretUseEntries: uses,
    target: TARGET,
    met: auditSlowdownPercent <= TARGET.auditSlowdownPercentAtMost && withSecret.latencyMs.p99 < TARGET.p99Ms,
  };
  writeResults('audit-secret-use.json', summary);
  console.log(`secret use → 5-node webhook, SQLite, ${args.connections} connections, ${args.duration} s each (load ${summary.machine.load.toFixed(2)})`);
  console.log(`  no secret     ${withoutSecret.executionsPerSecond}/s  p50 ${withoutSecret.latencyMs.p50}  p99 ${withoutSecret.latencyMs.p99} ms`);
  console.log(`  secret kept   ${secretNotNamed.executionsPerSecond}/s  p50 ${secretNotNamed.latencyMs.p50}  p99 ${secretNotNamed.latencyMs.p99} ms`);
  console.log(`  secret named  ${withSecret.executionsPerSecond}/s  p50 ${withSecret.latencyMs.p50}  p99 ${withSecret.latencyMs.p99} ms`);
  console.log(
    `  the trail     ${auditSlowdownPercent} % slower than kept-not-named  (target ≤ ${TARGET.auditSlowdownPercentAtMost} %, p99 < ${TARGET.p99Ms} ms)`,
  );
  console.log(`  secret.use    ${uses} entries (at most one a minute)`);
} finally {
  await server.stop();
}
