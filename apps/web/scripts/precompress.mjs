#!/usr/bin/env node
/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text
 * asset of the built web app, so the server sends compressed files without compressing
 * per request (@fastify/static `preCompressed`). A variant is kept only when it is smaller.
 * Usage: node scripts/precompress.mjs dist
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

const root = path.resolve(process.argv[2] ?? 'dist');
let raw = 0;
let brotli = 0;
let files = 0;
for (const file of walk(root)) {
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gz = zlib.gzipSync(content, { level: 9 });
  if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
  files += 1;
}
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
