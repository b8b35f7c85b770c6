// Bytes stored per execution: the peers benchmark's chains (webhook → Text Input →
// Template × (N − 2) → Output) of 5 and 100 nodes, run a few times on a fresh SQLite data
// folder under each "successful runs keep" setting, then each column's length read from
// the database file. Sizes do not depend on the machine's load.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chainWorkflow } from './lib/chain-workflow.mjs';
import { api, signUp, startWeft } from './lib/weft-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4497' },
    runs: { type: 'string', default: '5' },
  },
});
const RUNS = Number(args.runs);
const CHAINS = [5, 100];
const MODES = ['all', 'outputs', 'summary'];
// better-sqlite3 is the server's dependency; the database file is read as it sits on disk.
const SQLite = createRequire(path.join(here, '../apps/server/package.json'))('better-sqlite3');

const weft = await startWeft({ port: Number(args.port), env: { LOG_LEVEL: 'warn' } });
const rows = [];
try {
  const user = await signUp(weft.url);
  const names = new Map();
  for (const nodes of CHAINS) {
    for (const mode of MODES) {
      const document = { ...chainWorkflow(nodes, `${nodes} nodes, keeps ${mode}`), settings: { successfulRunData: mode } };
      const { workflow } = await api(weft.url, user, 'POST', '/api/workflows', document);
      const { webhook } = await api(weft.url, user, 'PUT', `/api/workflows/${workflow.id}/webhook`, { respond: 'output' });
      for (let i = 0; i < RUNS; i++) {
        const answer = await fetch(webhook.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
        if (answer.status !== 200) throw new Error(`the ${nodes}-node webhook answered ${answer.status}: ${await answer.text()}`);
      }
      names.set(workflow.id, { nodes, mode });
    }
  }
  const db = new SQLite(path.join(weft.dataDir, 'weft.db'), { readonly: true });
  // Runs are stored in batches after they answer: wait until every one has its row ended.
  const deadline = Date.now() + 10_000;
  const expected = CHAINS.length * MODES.length * RUNS;
  while (db.prepare("SELECT count(*) AS n FROM executions WHERE status = 'success'").get().n < expected) {
    if (Date.now() > deadline) throw new Error('the executions were not all stored within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const measured = db
    .prepare(
      `SELECT workflow_id, avg(coalesce(length(nodes), 0)) AS nodes, avg(coalesce(length(events), 0)) AS events,
        avg(coalesce(length(outputs), 0)) AS outputs FROM executions GROUP BY workflow_id`,
    )
    .all();
  db.close();
  for (const row of measured) {
    const { nodes, mode } = names.get(row.workflow_id);
    const total = Math.round(row.nodes + row.events + row.outputs);
    rows.push({
      chain: nodes,
      keeps: mode,
      nodesColumn: Math.round(row.nodes),
      eventsColumn: Math.round(row.events),
      outputsColumn: Math.round(row.outputs),
      total,
    });
  }
} finally {
  await weft.stop();
}
rows.sort((a, b) => a.chain - b.chain || MODES.indexOf(a.keeps) - MODES.indexOf(b.keeps));
console.log('chain  keeps     nodes B  events B  outputs B   total B');
for (const r of rows) {
  console.log(
    `${String(r.chain).padStart(5)}  ${r.keeps.padEnd(8)} ${String(r.nodesColumn).padStart(8)} ${String(r.eventsColumn).padStart(9)} ${String(r.outputsColumn).padStart(10)} ${String(r.total).padStart(9)}`,
  );
}
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', 'row-size.json'), `${JSON.stringify({ at: new Date().toISOString(), runsEach: RUNS, rows }, null, 2)}\n`);
console.log('→ bench/results/row-size.json');
