import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../test-support/test-weft.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

const precompress = fileURLToPath(new URL('../../../web/scripts/precompress.mjs', import.meta.url));

describe('compression', () => {
  let weft: TestWeft;
  let webDir: string;
  const script = `console.log(${JSON.stringify('weft '.repeat(2000))});\n`;

  beforeAll(async () => {
    // A built web app in miniature, run through the same precompress step as the real build.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html><title>Weft</title>${'<p>landing</p>'.repeat(200)}`);
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), script);
    fs.writeFileSync(path.join(webDir, 'assets', 'tiny-1234.js'), 'export{};');
    execFileSync(process.execPath, [precompress, webDir]);
    weft = await startTestWeft('sqlite', { env: { WEB_DIR: webDir } });
  });

  afterAll(async () => {
    await weft.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies beside large assets only', () => {
    expect(fs.existsSync(path.join(webDir, 'assets', 'app-1234.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(webDir, 'assets', 'app-1234.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(webDir, 'assets', 'tiny-1234.js.br'))).toBe(false);
  });

  it('sends the precompressed asset the client prefers, cached as immutable', async () => {
    const br = await weft.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(String(br.headers['content-type'])).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await weft.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await weft.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed for client routes too', async () => {
    const page = await weft.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Weft</title>');
  });

  it('compresses large API answers and leaves small ones alone', async () => {
    const large = await weft.app.inject({ method: 'GET', url: '/api/node-definitions', headers: { 'accept-encoding': 'gzip' } });
    expect(large.statusCode).toBe(200);
    const json = zlib.gunzipSync(large.rawPayload).toString();
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(json).definitions.length).toBeGreaterThan(5);

    const small = await weft.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });
});
