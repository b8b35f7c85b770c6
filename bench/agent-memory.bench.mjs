#!/usr/bin/env node
/**
 * Agent memory per turn (issue 23): what remembering a conversation costs an Agent's turn,
 * on embedded SQLite with the server's durability (`synchronous = FULL`).
 *
 *   npm run build -w apps/server && node bench/agent-memory.bench.mjs [-- --turns 200 --sessions 1000 --background 20]
 *
 * The built `AgentMemoryStore` (apps/server dist), as a run uses it: each turn reads the
 * last 10 turns back (`recall`) and stores its own (`remember`: the task, a tool call, its
 * result of about 1 KB, the answer). Beside the measured conversation, `sessions` other
 * conversations of `background` turns each are stored first, so the index, not an empty
 * table, is what answers. Wall time per read and per write, and the process's CPU per turn
 * (`process.cpuUsage`), as the conversation grows to `turns` turns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { AgentMemoryStore } from '../apps/server/dist/runs/agent-memory.js';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg, machineInfo, writeResults } from './lib/bench-results.mjs';

const args = benchOptions({ turns: 200, sessions: 1000, background: 20, window: 10 });
/** A model call takes 0.3–30 s: memory should add no more than a few percent of the fastest. */
const TARGET = { turnP50Ms: 5, cpuPerTurnMs: 1 };
const before = loadavg();

const turnMessages = (i) => [
  { role: 'user', text: `Where is order ${i}? Please look it up and tell me the tracking id.` },
  { role: 'assistant', text: '', toolCalls: [{ id: `call_${i}`, name: 'look_up_order', arguments: { orderId: String(i) } }] },
  {
    role: 'tool',
    results: [{ callId: `call_${i}`, name: 'look_up_order', output: JSON.stringify({ order: i, trackingId: `TRK-${i}-7731`, lines: 'x'.repeat(900) }) }],
  },
  { role: 'assistant', text: `Order ${i} is on its way: tracking id TRK-${i}-7731.`, toolCalls: [] },
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) };
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-memory-bench-'));
const handle = openDatabase({ databaseUrl: undefined, dataDir });
try {
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const userId = '00000000-0000-4000-8000-000000000001';
  const workflowId = '00000000-0000-4000-8000-000000000002';
  await handle.db
    .insertInto('users')
    .values({ id: userId, email: 'bench@example.com', display_name: null, password_hash: null, created_at: now, updated_at: now })
    .execute();
  await handle.db
    .insertInto('workflows')
    .values({
      id: workflowId,
      user_id: userId,
      name: 'Bench',
      document: '{}',
      version: 1,
      last_run_status: null,
      last_run_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const store = new AgentMemoryStore(handle.db, { now: () => new Date() }, async () => true);

  // Other conversations first, in one transaction (their cost is not what is measured).
  const background = args.sessions * args.background;
  console.log(`storing ${background} turns of ${args.sessions} other conversations…`);
  const text = JSON.stringify(turnMessages(0));
  await handle.db.transaction().execute(async (trx) => {
    for (let s = 0; s < args.sessions; s++) {
      const rows = Array.from({ length: args.background }, (_, t) => ({
        id: `bg-${s}-${t}`,
        workflow_id: workflowId,
        user_id: userId,
        session_id: `other-${s}`,
        node_id: 'agent',
        seq: t + 1,
        messages: text,
        chars: text.length,
        created_at: now,
      }));
      await trx.insertInto('agent_memory').values(rows).execute();
    }
  });

  const memory = store.forRun(userId, workflowId, 'measured');
  const window = { lastTurns: args.window, tokenBudget: 0 };
  const reads = [];
  const writes = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < args.turns; i++) {
    const r0 = performance.now();
    const recalled = await memory.recall('agent', window);
    const r1 = performance.now();
    if (recalled.length !== Math.min(i, args.window) * 4) throw new Error(`turn ${i}: recalled ${recalled.length} messages`);
    await memory.remember('agent', turnMessages(i));
    writes.push(performance.now() - r1);
    reads.push(r1 - r0);
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuPerTurnMs = (cpu.user + cpu.system) / 1000 / args.turns;
  const turns = reads.map((r, i) => r + writes[i]);
  const result = {
    read: summary(reads),
    write: summary(writes),
    turn: summary(turns),
    cpuPerTurnMs,
    wallPerTurnMs: wallMs / args.turns,
  };
  const meets = result.turn.p50 <= TARGET.turnP50Ms && cpuPerTurnMs <= TARGET.cpuPerTurnMs;
  const after = loadavg();
  const ms = (v) => `${v.toFixed(2)} ms`;
  console.table({
    'read (last 10 turns)': { p50: ms(result.read.p50), p99: ms(result.read.p99), max: ms(result.read.max) },
    'write (one turn)': { p50: ms(result.write.p50), p99: ms(result.write.p99), max: ms(result.write.max) },
    'turn (read + write)': { p50: ms(result.turn.p50), p99: ms(result.turn.p99), max: ms(result.turn.max) },
  });
  console.log(
    `CPU per turn ${ms(cpuPerTurnMs)}; ${args.turns} turns over ${background} others; target: turn p50 ≤ ${TARGET.turnP50Ms} ms, CPU ≤ ${TARGET.cpuPerTurnMs} ms: ${meets ? 'meets' : 'misses'}`,
  );
  console.log(`/proc/loadavg before: ${before}; after: ${after}`);
  writeResults('agent-memory.json', { machine: machineInfo(), args, target: TARGET, result, meets, loadavg: { before, after } });
} finally {
  await handle.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
