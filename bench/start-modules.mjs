#!/usr/bin/env node
/**
 * Which modules `weft start` loads before it listens (issue 12, cold start): files and
 * bytes per package (JavaScript, and native addons), our own packages by folder. Fails
 * when a package that start-up defers by design (DEFERRED) was loaded: a new static import
 * somewhere would otherwise undo a lazy load without anyone noticing. A package that only some
 * installs or runs need should not be in the list (docs/ARCHITECTURE.md, start-up).
 *
 *   npm run build && node bench/start-modules.mjs [--port 4493] [--files]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchServerEnv } from './lib/weft-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values: args } = parseArgs({ options: { port: { type: 'string', default: '4493' }, files: { type: 'boolean', default: false } } });
const url = `http://127.0.0.1:${args.port}`;
const cli = path.join(root, 'apps/server/dist/cli.js');
if (!fs.existsSync(cli)) throw new Error('Build first: npm run build');

/** Loaded on first use behind their service seams (docs/ARCHITECTURE.md, start-up); a name covers its `<name>-<platform>` binaries. */
const DEFERRED = [
  ...['ai', '@ai-sdk/anthropic', '@ai-sdk/openai', '@ai-sdk/openai-compatible', '@langchain/core', '@langchain/textsplitters'],
  ...['exceljs', 'file-type', 'html-to-text', 'mammoth', 'papaparse', 'sanitize-html', 'unpdf', 'nodemailer', 'openid-client', 'undici'],
  // Only content workers (child processes) read ZIPs and measure HTML: the server never loads these.
  ...['yauzl', 'htmlparser2'],
  ...[
    'bullmq',
    'ioredis',
    'pg',
    'prom-client',
    'quickjs-emscripten',
    '@node-rs/argon2',
    'ajv',
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
  ],
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-modules-'));
const log = path.join(dataDir, 'modules.log');
const child = spawn(process.execPath, ['--import', path.join(here, 'lib/module-log.mjs'), cli, 'start'], {
  cwd: root,
  env: benchServerEnv({ port: args.port, dataDir, WEFT_MODULE_LOG: log }),
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Weft exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGUSR2');
  while (!fs.readFileSync(log, 'utf8').includes('#done')) await new Promise((resolve) => setTimeout(resolve, 10));
  const files = [
    ...new Set(
      fs
        .readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('file:')),
    ),
  ].map((each) => fileURLToPath(each));
  const groups = new Map();
  for (const file of files) {
    const name = groupOf(file);
    const group = groups.get(name) ?? { files: 0, bytes: 0, list: [] };
    group.files++;
    group.bytes += fs.statSync(file).size;
    group.list.push(path.relative(root, file));
    groups.set(name, group);
  }
  const sorted = [...groups].sort((a, b) => b[1].bytes - a[1].bytes);
  const total = sorted.reduce((sum, [, group]) => ({ files: sum.files + group.files, bytes: sum.bytes + group.bytes }), { files: 0, bytes: 0 });
  console.log(`modules loaded by \`weft start\` before it listens: ${total.files} files, ${(total.bytes / 1024).toFixed(0)} KB`);
  for (const [name, group] of sorted) {
    console.log(`${(group.bytes / 1024).toFixed(0).padStart(7)} KB ${String(group.files).padStart(4)} files  ${name}`);
    if (args.files) for (const file of group.list.sort()) console.log(`                      ${file}`);
  }
  const early = sorted.map(([name]) => name).filter((name) => DEFERRED.some((each) => name === each || name.startsWith(`${each}-`)));
  if (early.length) {
    console.error(`Loaded at start, though start-up defers them: ${early.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A package by its name (the innermost node_modules), our own code by package and folder. */
function groupOf(file) {
  const dependency = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (dependency) return dependency[1];
  const own = /(apps|packages)\/([^/]+)\/dist\/([^/]+)/.exec(path.relative(root, file));
  if (own) return `${own[1]}/${own[2]} ${own[3].endsWith('.js') ? '' : own[3]}`.trim();
  return path.relative(root, file);
}
