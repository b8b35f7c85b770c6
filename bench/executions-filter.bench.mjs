#!/usr/bin/env node
/**
 * Executions list at scale (issue 12): one user with 100,000 stored executions over five
 * workflows (plus another user's 20,000, which must not slow theirs), on embedded SQLite.
 * Every filter the API offers, alone and combined, is asked for its first page (20 rows)
 * and for a page deep in the history (through the cursor), through the HTTP API.
 * Measures the p50 and p95 of 25 requests each. Target: every filter under 20 ms (p50).
 * The mix is skewed as real histories are: 90 % success, 8 % error, 2 % cancelled; 60 %
 * webhook, 20 % manual, 15 % schedule, 5 % api; so a rare status or trigger is the case
 * that scans when no index serves it.
 *
 *   npm run build && npm run bench:executions [-- --rows 100000]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, signUp, startWeft } from './lib/weft-server.mjs';

const Database = createRequire(new URL('../apps/server/package.json', import.meta.url))('better-sqlite3');
const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({ options: { port: { type: 'string', default: '4494' }, rows: { type: 'string', default: '100000' } } });
const ROWS = Number(args.rows);
const TARGET_P50_MS = 20;
const REPEAT = 25;

const pick = (i, table) => {
  const x = (i * 2654435761) % 100; // spread, but the same on every run
  let sum = 0;
  for (const [value, share] of table) {
    sum += share;
    if (x < sum) return value;
  }
  return table[0][0];
};
const STATUSES = [
  ['success', 90],
  ['error', 8],
  ['cancelled', 2],
];
const TRIGGERS = [
  ['webhook', 60],
  ['manual', 20],
  ['schedule', 15],
  ['api', 5],
];

function fill(dbFile, userId, workflowIds, count, idPrefix) {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 10000');
  const insert =
    db.prepare(`INSERT INTO executions (id, user_id, workflow_id, workflow_name, workflow_version, trigger, status, error, inputs, outputs, nodes, usage, events,
      idempotency_key, created_at, started_at, finished_at, duration_ms, runner_id, heartbeat_at)
    VALUES (?, ?, ?, 'Bench', 1, ?, ?, ?, '{}', '{"out":"done"}', '{}', NULL, '[]', NULL, ?, ?, ?, 3, NULL, NULL)`);
  const start = Date.parse('2026-01-01T00:00:00Z');
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i * 60_000).toISOString();
      const status = pick(i, STATUSES);
      insert.run(
        `${idPrefix}-${String(i).padStart(7, '0')}`,
        userId,
        workflowIds[i % workflowIds.length],
        pick(i * 7 + 3, TRIGGERS),
        status,
        status === 'error' ? 'failed' : null,
        at,
        at,
        at,
      );
    }
  })();
  db.close();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const server = await startWeft({ port: args.port, env: { LOG_LEVEL: 'warn', WEFT_SCHEDULER: 'off' } });
  try {
    const owner = await signUp(server.url);
    const other = await signUp(server.url);
    const workflow = (name) => ({
      name,
      nodes: [
        { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'In', type: 'input.text', config: { text: 'x' } } },
        { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Out', type: 'output', config: {} } },
      ],
      edges: [{ id: 'e', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
    });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await api(server.url, owner, 'POST', '/api/workflows', workflow(`w${i}`))).workflow.id);
    const otherWorkflow = (await api(server.url, other, 'POST', '/api/workflows', workflow('other'))).workflow.id;
    const dbFile = path.join(server.dataDir, 'weft.db');
    const userOf = (email) => {
      const db = new Database(dbFile, { readonly: true });
      const row = db.prepare('SELECT id FROM users WHERE email = ?').get(email);
      db.close();
      return row.id;
    };
    const filled = Date.now();
    fill(dbFile, userOf(owner.email), ids, ROWS, 'a');
    fill(dbFile, userOf(other.email), [otherWorkflow], Math.round(ROWS / 5), 'b');
    console.log(`stored ${ROWS} + ${Math.round(ROWS / 5)} executions in ${((Date.now() - filled) / 1000).toFixed(1)} s`);

    // A cursor deep in the history: the 20 rows before the middle one.
    const middle = new Date(Date.parse('2026-01-01T00:00:00Z') + (ROWS / 2) * 60_000).toISOString();
    // The cursor's form (executions.routes.ts encodeCursor): created_at|id, base64url.
    const cursorParam = `&before=${Buffer.from(`${middle}|a-9999999`).toString('base64url')}`;
    const filters = {
      none: '',
      'status=error': 'status=error',
      'status=cancelled': 'status=cancelled',
      'status=running (none)': 'status=running',
      'trigger=api': 'trigger=api',
      workflow: `workflowId=${ids[2]}`,
      'workflow+status=cancelled': `workflowId=${ids[2]}&status=cancelled`,
      'workflow+trigger=api': `workflowId=${ids[2]}&trigger=api`,
      'status=cancelled+trigger=api': 'status=cancelled&trigger=api',
      'all three': `workflowId=${ids[2]}&status=error&trigger=api`,
      'status=error, deep page': `status=error${cursorParam}`,
    };
    const results = [];
    for (const [name, query] of Object.entries(filters)) {
      const times = [];
      let rows = 0;
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        const page = await api(server.url, owner, 'GET', `/api/executions?limit=20${query ? `&${query}` : ''}`);
        times.push(performance.now() - started);
        rows = page.executions.length;
      }
      times.sort((a, b) => a - b);
      results.push({ filter: name, rows, p50Ms: +percentile(times, 50).toFixed(2), p95Ms: +percentile(times, 95).toFixed(2) });
    }
    console.table(results);
    const worst = results.reduce((a, b) => (b.p50Ms > a.p50Ms ? b : a));
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const verdict = worst.p50Ms < TARGET_P50_MS ? 'met' : 'MISSED';
    console.log(`worst p50 ${worst.p50Ms} ms (${worst.filter}); target < ${TARGET_P50_MS} ms: ${verdict}; load average ${load}`);
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(here, 'results', 'executions-filter.json'),
      `${JSON.stringify({ date: new Date().toISOString(), rows: ROWS, loadAverage: os.loadavg(), cpus: os.cpus().length, target: { p50Ms: TARGET_P50_MS }, results }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
