#!/usr/bin/env node
/**
 * Page weight: what a first visit downloads, compressed as sent, per page.
 *   npm run build && npm run bench:pages [-- --port 4492]
 * Starts the built Weft, opens each page in a fresh Chromium context (Debian's, headless),
 * sums the encoded body sizes of every response by kind, and checks the targets:
 * the landing page's JavaScript under 150 KB compressed, and the editor's code not
 * loaded outside the editor. Bytes do not depend on machine load, so one run is enough.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signUp, startWeft } from './lib/weft-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { port: { type: 'string', default: '4492' } } });
const LANDING_JS_TARGET = 150 * 1024;
const PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'editor', path: '/editor', signedIn: true },
];

function kindOf(url, type) {
  if (url.endsWith('.js')) return 'js';
  if (url.endsWith('.css')) return 'css';
  if (url.includes('/api/')) return 'api';
  return type === 'document' ? 'html' : 'other';
}

const weft = await startWeft({ port: Number(values.port) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const results = [];
try {
  const { token } = await signUp(weft.url);
  for (const page of PAGES) {
    const context = await browser.newContext();
    if (page.signedIn) await context.addCookies([{ name: 'weft_session', value: token, url: weft.url }]);
    const tab = await context.newPage();
    const responses = [];
    tab.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => null);
      const response = await request.response();
      if (!sizes || !response) return;
      responses.push({
        url: request.url().slice(weft.url.length),
        kind: kindOf(request.url(), request.resourceType()),
        encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
        bytes: sizes.responseBodySize,
      });
    });
    await tab.goto(`${weft.url}${page.path}`, { waitUntil: 'networkidle' });
    const byKind = {};
    for (const r of responses) byKind[r.kind] = (byKind[r.kind] ?? 0) + r.bytes;
    const editorCode = responses.some((r) => /\/assets\/EditorPage-/.test(r.url));
    results.push({ ...page, landedAt: new URL(tab.url()).pathname, byKind, editorCode, responses });
    await context.close();
  }
} finally {
  await browser.close();
  await weft.stop();
}

const kb = (n) => `${((n ?? 0) / 1024).toFixed(1)} KB`;
console.log('page        landed at     js         css        html       api        editor code');
for (const r of results) {
  console.log(
    `${r.name.padEnd(11)} ${r.landedAt.padEnd(13)} ${kb(r.byKind.js).padEnd(10)} ${kb(r.byKind.css).padEnd(10)} ${kb(r.byKind.html).padEnd(10)} ${kb(r.byKind.api).padEnd(10)} ${r.editorCode ? 'yes' : 'no'}`,
  );
}
const landing = results.find((r) => r.name === 'landing');
const checks = [
  { name: `landing JavaScript < ${kb(LANDING_JS_TARGET)} compressed`, ok: (landing.byKind.js ?? 0) < LANDING_JS_TARGET },
  { name: 'editor code only on the editor', ok: results.every((r) => r.editorCode === (r.name === 'editor')) },
  {
    name: 'every script and stylesheet sent compressed',
    ok: results.every((r) => r.responses.filter((x) => x.kind === 'js' || x.kind === 'css').every((x) => x.encoding !== 'identity' || x.bytes < 1024)),
  },
];
for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', 'page-weight.json'), `${JSON.stringify({ date: new Date().toISOString(), results, checks }, null, 2)}\n`);
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
