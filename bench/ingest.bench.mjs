#!/usr/bin/env node
/**
 * Document ingestion without the embedding call: the Document Loader's parsing and the Text
 * Splitter's splitting over one sample file per format, measured two ways in the same run,
 * alternating: in this process (the parsers called directly) and through the content
 * workers as the server calls them (ContentWork: a child process, the file's bytes and the
 * documents crossing IPC). Then a 20 MB PDF parsed and split in a process of its own whose
 * peak memory is measured, and the same PDF through a content worker at the default limits.
 * Last, /api/health on a started server while it reads issue 19's malicious files.
 * Storing chunks belongs to the vector store and is not counted here. Targets: at least
 * 5,000 chunks per second overall; the worker hop at most 10 % over in process; the 20 MB
 * PDF under 500 MB peak RSS; health p99 under 100 ms during the malicious files.
 * Results: bench/README.md and bench/results/ingest.json.
 *
 *   npm run bench:ingest                   (compiles apps/server first)
 *   node bench/ingest.bench.mjs --runs 5 --pdf-mb 20 --port 4494 --timeout-s 30
 *   node bench/ingest.bench.mjs --skip-health   (no server, no malicious files)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (file) => new URL(`../apps/server/dist/${file}`, import.meta.url);
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'pdf-mb': { type: 'string', default: '20' },
    child: { type: 'string' },
    'skip-health': { type: 'boolean', default: false },
    port: { type: 'string', default: '4494' },
    'timeout-s': { type: 'string', default: '30' },
  },
});
const TARGET_CHUNKS_PER_S = 5000;
const TARGET_PEAK_RSS_MB = 500;
const TARGET_HOP_PERCENT = 10;
const TARGET_HEALTH_P99_MS = 100;
const SPLIT = { chunkSize: 1000, chunkOverlap: 200, splitOn: 'paragraphs' };

if (!fs.existsSync(fileURLToPath(dist('content-work/content-worker.js')))) {
  console.error(`Missing ${fileURLToPath(dist('content-work/content-worker.js'))}: compile the server first (npx tsc -b apps/server).`);
  process.exit(1);
}
const { parseDocument } = await import(dist('documents/parse-document.js').href);
const { splitDocuments } = await import(dist('documents/split-documents.js').href);
/** In this process: the parsers called directly, as the server did before the content workers. */
const inProcess = { parse: (file) => parseDocument(file, {}), split: (documents) => splitDocuments(documents, SPLIT) };

if (args.child) {
  await childParse(args.child);
} else {
  await main();
}

async function ingest(service, file) {
  const cpuBefore = cpuMs(service.pids?.() ?? []);
  const started = performance.now();
  const documents = await service.parse(file);
  const parsedAt = performance.now();
  const chunks = await service.split(documents);
  const ended = performance.now();
  const cpu = cpuMs(service.pids?.() ?? []) - cpuBefore;
  return { documents: documents.length, chunks: chunks.length, parseMs: parsedAt - started, splitMs: ended - parsedAt, totalMs: ended - started, cpu };
}

/**
 * CPU time of this process and the given workers, in ms. On a shared machine wall time
 * mostly measures the neighbours (a process that waits on another is scheduled late under
 * load); CPU time measures the work the hop adds. Workers' from /proc (clock ticks of 10 ms).
 */
function cpuMs(pids) {
  const own = process.cpuUsage();
  let workers = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      workers += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {}
  }
  return (own.user + own.system) / 1000 + workers;
}

function median(measured) {
  const sorted = [...measured].sort((a, b) => a.totalMs - b.totalMs);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const { bigPdfFiles, sampleFiles } = await import('./lib/sample-files.mjs');
  const { ContentWork } = await import(dist('content-work/content-work.js').href);
  const content = new ContentWork();
  /** Through the content workers, as the server's DocumentsService calls them. */
  const viaWorker = {
    parse: (file) => content.parseDocument(file),
    split: (documents) => content.splitDocuments(documents, SPLIT),
    pids: () => content.describeWorkers().map((worker) => worker.pid),
  };
  const runs = Number(args.runs);
  const loadBefore = os.loadavg();
  console.log(`load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  const files = await sampleFiles();
  const perFormat = [];
  for (const file of files) {
    // Warm-up of both (module loading, JIT, the worker's start), then the two alternate, so drift on a shared machine hits both alike.
    await ingest(inProcess, file);
    await ingest(viaWorker, file);
    const here = [];
    const there = [];
    for (let i = 0; i < runs; i++) {
      here.push(await ingest(inProcess, file));
      there.push(await ingest(viaWorker, file));
    }
    const [a, b] = [median(here), median(there)];
    const cpuHere = here.reduce((sum, run) => sum + run.cpu, 0);
    const cpuThere = there.reduce((sum, run) => sum + run.cpu, 0);
    perFormat.push({
      file: file.name,
      kb: Math.round(file.bytes.byteLength / 1024),
      documents: a.documents,
      chunks: a.chunks,
      inProcessMs: +a.totalMs.toFixed(1),
      workerMs: +b.totalMs.toFixed(1),
      hopPercent: +((b.totalMs / a.totalMs - 1) * 100).toFixed(1),
      cpuInProcessMs: +(cpuHere / runs).toFixed(1),
      cpuWorkerMs: +(cpuThere / runs).toFixed(1),
      cpuHopPercent: +((cpuThere / cpuHere - 1) * 100).toFixed(1),
      chunksPerS: Math.round(b.chunks / (b.totalMs / 1000)),
    });
  }
  console.table(perFormat);
  const totalChunks = perFormat.reduce((s, r) => s + r.chunks, 0);
  const hereMs = perFormat.reduce((s, r) => s + r.inProcessMs, 0);
  const thereMs = perFormat.reduce((s, r) => s + r.workerMs, 0);
  const overallInProcess = Math.round(totalChunks / (hereMs / 1000));
  const overall = Math.round(totalChunks / (thereMs / 1000));
  const hopPercent = +((thereMs / hereMs - 1) * 100).toFixed(1);
  const cpuHere = perFormat.reduce((sum, row) => sum + row.cpuInProcessMs, 0);
  const cpuHopPercent = +((perFormat.reduce((sum, row) => sum + row.cpuWorkerMs, 0) / cpuHere - 1) * 100).toFixed(1);
  console.log(
    `overall through the workers: ${overall} chunks/s over ${totalChunks} chunks (target ≥ ${TARGET_CHUNKS_PER_S}): ${overall >= TARGET_CHUNKS_PER_S ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `in process: ${overallInProcess} chunks/s; the worker hop costs ${hopPercent} % of wall time (target ≤ ${TARGET_HOP_PERCENT} %): ${hopPercent <= TARGET_HOP_PERCENT ? 'PASS' : 'MISS'}`,
  );
  console.log(`CPU time of this process and the workers together: the hop adds ${cpuHopPercent} %`);

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
  // The same PDF as the server reads it: within the default worker limits (512 MB, 120 s), or the defaults are wrong.
  const bigStarted = performance.now();
  const bigWorker = await ingest(viaWorker, { name: 'big.pdf', bytes: fs.readFileSync(bigPdf.text) });
  const bigPdfViaWorker = { pages: bigWorker.documents, chunks: bigWorker.chunks, totalS: +((performance.now() - bigStarted) / 1000).toFixed(1) };
  console.log(`the ${pdfMb} MB PDF through a content worker at the default limits: ${JSON.stringify(bigPdfViaWorker)}`);
  fs.rmSync(path.dirname(bigPdf.text), { recursive: true, force: true });
  await content.close();

  let health;
  if (!args['skip-health']) {
    const { healthDuringParses, maliciousCases } = await import('./lib/health-during-parse.mjs');
    health = await healthDuringParses({ port: Number(args.port), timeoutS: Number(args['timeout-s']), cases: await maliciousCases() });
    console.table(health.map(({ outcome, ...row }) => row));
    for (const row of health) for (const line of row.outcome) console.log(`  ${line}`);
    const worstP99 = Math.max(...health.map((row) => row.p99Ms));
    console.log(
      `health p99 during the malicious files, worst case: ${worstP99} ms (target < ${TARGET_HEALTH_P99_MS} ms): ${worstP99 < TARGET_HEALTH_P99_MS ? 'PASS' : 'MISS'}`,
    );
  }

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
        target: { chunksPerS: TARGET_CHUNKS_PER_S, peakRssMb: TARGET_PEAK_RSS_MB, hopPercent: TARGET_HOP_PERCENT, healthP99Ms: TARGET_HEALTH_P99_MS },
        overallChunksPerS: overall,
        overallInProcessChunksPerS: overallInProcess,
        hopPercent,
        cpuHopPercent,
        perFormat,
        bigPdf: memory,
        bigPdfViaWorker,
        health,
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
  const documents = await inProcess.parse({ name: path.basename(file), bytes });
  const parsedAt = performance.now();
  const parsePeakRssMb = peakRssMb();
  const chunks = await inProcess.split(documents);
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
