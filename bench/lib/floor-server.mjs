#!/usr/bin/env node
/**
 * The floor for bench:peers (issue 24): a bare Node HTTP server that answers each POST with
 * the 5-node chain's answer after one SQLite commit of a row the size of Weft's stored run
 * (about 1.3 KB: bench/results/row-size.json, 5 nodes, everything kept). SQLite is opened
 * as Weft's embedded mode opens it: WAL, synchronous = FULL, through the server's own
 * better-sqlite3. No framework, no engine, no batching: what one core cannot go below
 * while storing every request, so the distance from Weft to it is a number.
 *
 *   node bench/lib/floor-server.mjs <port> <database file>
 * Prints "listening" once it answers; SIGTERM closes the database and exits.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chainAnswer } from './chain-workflow.mjs';

const [port, file] = process.argv.slice(2);
if (!port || !file) throw new Error('usage: floor-server.mjs <port> <database file>');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const Database = createRequire(path.join(root, 'apps/server/package.json'))('better-sqlite3');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, workflow_id TEXT NOT NULL, status TEXT NOT NULL, started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL, inputs TEXT NOT NULL, nodes TEXT NOT NULL, outputs TEXT NOT NULL)`);
const insert = db.prepare('INSERT INTO runs (id, workflow_id, status, started_at, finished_at, inputs, nodes, outputs) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
const ids = ['in', 't1', 't2', 't3', 'out'];

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const started = new Date().toISOString();
    const input = Buffer.concat(chunks).toString('utf8');
    const answer = chainAnswer(5, input);
    // Per node what Weft keeps with everything on: status, times, input and output.
    const nodes = ids.map((id) => ({
      id,
      status: 'success',
      startedAt: started,
      finishedAt: started,
      durationMs: 0,
      inputs: { input },
      outputs: { output: answer },
    }));
    const finished = new Date().toISOString();
    // One statement outside a transaction: one commit (and one WAL fsync) per request.
    insert.run(randomUUID(), 'floor', 'success', started, finished, JSON.stringify({ body: input }), JSON.stringify(nodes), JSON.stringify({ output: answer }));
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  db.close();
  process.exit(0);
});
