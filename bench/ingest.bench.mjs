#!/usr/bin/env node
/**
 * Document ingestion without the embedding call: the Document Loader's parsing and the Text
 * Splitter's splitting (the server's DocumentsService, as nodes call it) over one sample
 * file per format, and a 20 MB PDF parsed and split in a process of its own whose peak
 * memory (maxRSS) is measured. Storing chunks belongs to the vector store and is not
 * counted here. Targets: at least 5,000 chunks per second overall; the 20 MB PDF under
 * 500 MB peak RSS. Results: bench/README.md and bench/results/ingest.json.
 *
 *   npm run bench:ingest                   (compiles apps/server first)
 *   node bench/ingest.bench.mjs --runs 5 --pdf-mb 20
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const serviceUrl = new URL('../apps/server/dist/documents/documents.service.js', import.meta.url);
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'pdf-mb': { type: 'string', default: '20' }, child: { type: 'string' } },
});
const TARGET_CHUNKS_PER_S = 5000;
const TARGET_PEAK_RSS_MB = 500;
const SPLIT = { chunkSize: 1000, chunkOverlap: 200, splitOn: 'paragraphs' };

if (!fs.existsSync(fileURLToPath(serviceUrl))) {
  console.error(`Missing ${fileURLToPath(serviceUrl)}: compile the server first (npx tsc -b apps/server).`);
  process.exit(1);
}
const { DocumentsService } = await import(serviceUrl.href);
const service = new DocumentsService();

if (args.child) {
  await childParse(args.child);
} else {
  await main();
}

async function ingest(file) {
  const started = performance.now();
  const documents = await service.parse(file, {});
  const parsedAt = performance.now();
  const chunks = await service.split(documents, SPLIT);
  const ended = performance.now();
  return { documents: documents.length, chunks: chunks.length, parseMs: parsedAt - started, splitMs: ended - parsedAt, totalMs: ended - started };
}

async function main() {
  const { bigPdfFiles, sampleFiles } = await import('./lib/sample-files.mjs');
  const runs = Number(args.runs);
  const loadBefore = os.loadavg();
  console.log(`load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  const files = await sampleFiles();
  const perFormat = [];
  for (const file of files) {
    await ingest(file); // warm-up: module loading and JIT
    const measured = [];
    for (let i = 0; i < runs; i++) measured.push(await ingest(file));
    measured.sort((a, b) => a.totalMs - b.totalMs);
    const median = measured[Math.floor(measured.length / 2)];
    perFormat.push({
      file: file.name,
      kb: Math.round(file.bytes.byteLength / 1024),
      documents: median.documents,
      chunks: median.chunks,
      parseMs: +median.parseMs.toFixed(1),
      splitMs: +median.splitMs.toFixed(1),
      chunksPerS: Math.round(median.chunks / (median.totalMs / 1000)),
    });
  }
  console.table(perFormat);
  const totalChunks = perFormat.reduce((s, r) => s + r.chunks, 0);
  const totalMs = perFormat.reduce((s, r) => s + r.parseMs + r.splitMs, 0);
  const overall = Math.round(totalChunks / (totalMs / 1000));
  console.log(`overall: ${overall} chunks/s over ${totalChunks} chunks (target ≥ ${TARGET_CHUNKS_PER_S}): ${overall >= TARGET_CHUNKS_PER_S ? 'PASS' : 'MISS'}`);

  const pdfMb = Number(args['pdf-mb']);
  const bigPdf = await bigPdfFiles(pdfMb);
  const memory = [];
  for (const kind of ['text', 'mixed']) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', bigPdf[kind]], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`the ${kind} PDF child failed: ${child.stderr}`);
    memory.push({ pdf: kind, mb: +(fs.statSync(bigPdf[kind]).size / 1024 / 1024).toFixed(1), ...JSON.parse(child.stdout.trim().split('\n').at(-1)) });
  }
  console.table(memory);
  const worstRss = Math.max(...memory.map((m) => m.peakRssMb));
  console.log(`worst peak RSS: ${worstRss} MB (target < ${TARGET_PEAK_RSS_MB} MB): ${worstRss < TARGET_PEAK_RSS_MB ? 'PASS' : 'MISS'}`);
  fs.rmSync(path.dirname(bigPdf.text), { recursive: true, force: true });

  const loadAfter = os.loadavg();
  console.log(`load average after: ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'ingest.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadAverage: { before: loadBefore, after: loadAfter },
        split: SPLIT,
        runs,
        target: { chunksPerS: TARGET_CHUNKS_PER_S, peakRssMb: TARGET_PEAK_RSS_MB },
        overallChunksPerS: overall,
        perFormat,
        bigPdf: memory,
      },
      null,
      2,
    )}\n`,
  );
}

/** In a fresh process: read the file, parse, split; print time, counts, peak RSS and the longest event-loop stall. */
async function childParse(file) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const bytes = fs.readFileSync(file);
  const baselineRssMb = peakRssMb();
  delay.enable();
  const started = performance.now();
  const documents = await service.parse({ name: path.basename(file), bytes }, {});
  const parsedAt = performance.now();
  const parsePeakRssMb = peakRssMb();
  const chunks = await service.split(documents, SPLIT);
  const ms = performance.now() - started;
  delay.disable();
  console.log(
    JSON.stringify({
      pages: documents.length,
      chunks: chunks.length,
      parseS: +((parsedAt - started) / 1000).toFixed(1),
      totalS: +(ms / 1000).toFixed(1),
      chunksPerS: Math.round(chunks.length / (ms / 1000)),
      baselineRssMb,
      parsePeakRssMb,
      peakRssMb: peakRssMb(),
      longestStallMs: +(delay.max / 1e6).toFixed(0),
    }),
  );
}

/**
 * This process's peak resident memory in MB: VmHWM, which Linux resets at exec. (getrusage's
 * maxRSS is not reset: a child spawned by a big parent starts with the parent's figure.)
 */
function peakRssMb() {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (match) return Math.round(Number(match[1]) / 1024);
  } catch {}
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
