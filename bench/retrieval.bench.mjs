#!/usr/bin/env node
/**
 * Retrieval at scale: 100,000 chunks of about 100 words, each with a 384-dimension
 * embedding, stored in one collection of embedded SQLite through the vector store (what
 * Embed & Store and the Retriever call), then top-10 queries by vector, by keyword and
 * hybrid. Targets: vector p50 < 50 ms, keyword p50 < 10 ms, hybrid p50 < 60 ms; storing
 * (hash, dedupe, write chunk, FTS5 and vec0 rows) ≥ 5,000 chunks/s, the embedding call
 * left out (the bench hands over precomputed vectors and times that hand-over apart).
 *
 *   npm run build && npm run bench:retrieval [-- --chunks 100000 --queries 50]
 *   npm run bench:retrieval -- --postgres postgres://postgres@127.0.0.1:5432/test   # the same on PostgreSQL
 *
 * Text is made of pseudo-words drawn with Zipf frequencies (a third of the words from a
 * stop-word list), so word statistics look like prose; vectors are random unit vectors
 * (exact search costs the same whatever they hold). Keyword queries are three words of
 * middling frequency (ranks 100–3,000), as real keyword questions are; the worst case,
 * a query of the commonest content words, is reported beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { createVectorStore } from '../apps/server/dist/vectors/create-vector-store.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: { chunks: { type: 'string', default: '100000' }, queries: { type: 'string', default: '50' }, postgres: { type: 'string' } },
});
const CHUNKS = Number(args.chunks);
const QUERIES = Number(args.queries);
const DIMENSIONS = 384;
const WORDS_PER_CHUNK = 100;
const TARGETS = { vectorP50Ms: 50, keywordP50Ms: 10, hybridP50Ms: 60, storedPerSecond: 5000 };

// A seeded generator: the same corpus and queries on every run.
let seed = 20_261_125;
const random = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
};

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'de', 'pa', 'zu', 'ge', 'fi', 'ho', 'bra', 'ste', 'qui', 'mon', 'tal', 'ver'];
const VOCABULARY = Array.from({ length: 30_000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const STOP = ['the', 'of', 'and', 'to', 'in', 'is', 'it', 'that', 'for', 'on', 'with', 'as', 'was', 'by', 'at'];
const ZIPF = [];
let zipfTotal = 0;
for (let rank = 1; rank <= VOCABULARY.length; rank++) {
  zipfTotal += 1 / rank;
  ZIPF.push(zipfTotal);
}
function word() {
  if (random() < 0.33) return STOP[Math.floor(random() * STOP.length)];
  const x = random() * zipfTotal;
  let lo = 0;
  let hi = ZIPF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ZIPF[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo];
}
function unitVector() {
  const vector = new Array(DIMENSIONS);
  let norm = 0;
  for (let i = 0; i < DIMENSIONS; i++) {
    vector[i] = random() - 0.5;
    norm += vector[i] * vector[i];
  }
  norm = Math.sqrt(norm);
  return vector.map((v) => v / norm);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function timeQueries(name, makeQuery, store, userId) {
  const times = [];
  let found = 0;
  for (let i = 0; i < QUERIES; i++) {
    const query = makeQuery(i);
    const started = performance.now();
    const results = await store.query(userId, query);
    times.push(performance.now() - started);
    found += results.length;
  }
  times.sort((a, b) => a - b);
  return { query: name, p50Ms: +percentile(times, 50).toFixed(2), p95Ms: +percentile(times, 95).toFixed(2), meanResults: +(found / QUERIES).toFixed(1) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-retrieval-'));
  const pgSchema = args.postgres ? `bench_retrieval_${process.pid}` : undefined;
  if (args.postgres) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: args.postgres });
    await client.connect();
    await client.query(`CREATE SCHEMA ${pgSchema}`);
    await client.end();
  }
  const handle = openDatabase({ databaseUrl: args.postgres, dataDir, pgSchema });
  try {
    await migrateToLatest(handle.db, pgSchema);
    const now = new Date().toISOString();
    const userId = '00000000-0000-4000-8000-000000000001';
    await handle.db
      .insertInto('users')
      .values({ id: userId, email: 'bench@example.com', display_name: null, password_hash: null, created_at: now, updated_at: now })
      .execute();
    const store = createVectorStore({
      db: handle.db,
      dialect: handle.dialect,
      clock: { now: () => new Date() },
      vectorIndexProblem: handle.vectorIndexProblem,
    });

    console.log(`generating ${CHUNKS} chunks of ${WORDS_PER_CHUNK} words and ${DIMENSIONS}-dimension vectors…`);
    const chunks = Array.from({ length: CHUNKS }, (_, i) => ({
      text: Array.from({ length: WORDS_PER_CHUNK }, word).join(' '),
      metadata: { source: `doc-${Math.floor(i / 40)}.md`, chunk: i % 40 },
    }));
    const vectors = chunks.map(unitVector);
    let next = 0;
    let handOverMs = 0;
    const request = {
      collection: 'bench',
      embedding: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'bench-384' },
      chunks,
      mode: 'append',
      signal: new AbortController().signal,
      // Stands in for the embedding call: hands over the precomputed vectors, timed apart.
      embed: async (texts) => {
        const started = performance.now();
        const batch = vectors.slice(next, next + texts.length);
        next += texts.length;
        handOverMs += performance.now() - started;
        return batch;
      },
    };
    const storing = performance.now();
    const stored = await store.store(userId, request);
    const storeMs = performance.now() - storing - handOverMs;
    const storedPerSecond = Math.round(stored.added / (storeMs / 1000));
    console.log(`stored ${stored.added} chunks in ${(storeMs / 1000).toFixed(1)} s: ${storedPerSecond} chunks/s`);
    const again = performance.now();
    const repeat = await store.store(userId, { ...request, embed: async () => Promise.reject(new Error('nothing should be embedded again')) });
    const reindexMs = performance.now() - again;
    console.log(`re-indexing the same ${repeat.unchanged} chunks: ${(reindexMs / 1000).toFixed(1)} s, ${repeat.added} added`);

    // Middling words make the keyword queries; the commonest content words the worst case.
    const middling = () => VOCABULARY[100 + Math.floor(random() * 2900)];
    const keywordQueries = Array.from({ length: QUERIES }, () => `how does ${middling()} relate to ${middling()} and ${middling()}`);
    const queryVectors = Array.from({ length: QUERIES }, unitVector);
    const base = { collection: 'bench', topK: 10, minScore: 0 };
    // The first vector search after a write: PostgreSQL reads every vector into memory then.
    const cold = performance.now();
    await store.query(userId, { ...base, mode: 'vector', text: '', vector: unitVector() });
    const firstVectorMs = +(performance.now() - cold).toFixed(1);
    console.log(`first vector search after the writes: ${firstVectorMs} ms`);
    const results = [
      await timeQueries('vector top-10', (i) => ({ ...base, mode: 'vector', text: '', vector: queryVectors[i] }), store, userId),
      await timeQueries('keyword top-10', (i) => ({ ...base, mode: 'keyword', text: keywordQueries[i] }), store, userId),
      await timeQueries('hybrid top-10', (i) => ({ ...base, mode: 'hybrid', text: keywordQueries[i], vector: queryVectors[i] }), store, userId),
      await timeQueries(
        'keyword, commonest words (worst case)',
        (i) => ({ ...base, mode: 'keyword', text: `${VOCABULARY[i % 3]} ${VOCABULARY[3 + (i % 5)]}` }),
        store,
        userId,
      ),
      await timeQueries(
        'vector + metadata filter (one document)',
        (i) => ({ ...base, mode: 'vector', text: '', vector: queryVectors[i], filter: { source: `doc-${i * 37}.md` } }),
        store,
        userId,
      ),
    ];
    console.table(results);
    const [vector, keyword, hybrid] = results;
    const verdicts = {
      vector: vector.p50Ms < TARGETS.vectorP50Ms,
      keyword: keyword.p50Ms < TARGETS.keywordP50Ms,
      hybrid: hybrid.p50Ms < TARGETS.hybridP50Ms,
      stored: storedPerSecond >= TARGETS.storedPerSecond,
    };
    const load = fs.readFileSync('/proc/loadavg', 'utf8').trim();
    console.log(
      `${args.postgres ? '(the targets are for embedded SQLite) ' : ''}targets: vector ${verdicts.vector ? 'met' : 'MISSED'}, keyword ${verdicts.keyword ? 'met' : 'MISSED'}, hybrid ${verdicts.hybrid ? 'met' : 'MISSED'}, storing ${verdicts.stored ? 'met' : 'MISSED'}; /proc/loadavg ${load}`,
    );
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(here, 'results', args.postgres ? 'retrieval-postgres.json' : 'retrieval.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: handle.dialect,
          chunks: CHUNKS,
          dimensions: DIMENSIONS,
          queries: QUERIES,
          loadavg: load,
          cpus: os.cpus().length,
          cpu: os.cpus()[0]?.model,
          node: process.version,
          targets: TARGETS,
          firstVectorMs,
          storing: { chunks: stored.added, seconds: +(storeMs / 1000).toFixed(2), perSecond: storedPerSecond, reindexSeconds: +(reindexMs / 1000).toFixed(2) },
          results,
          verdicts,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (args.postgres) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: args.postgres });
      await client.connect();
      await client.query(`DROP SCHEMA ${pgSchema} CASCADE`);
      await client.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
