import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../test-support/test-weft.js';

/** Issue 9, abuse 4: browser hardening headers, and source maps kept back unless asked for. */
describe('security headers and source maps', () => {
  let webDir: string;
  const wefts: TestWeft[] = [];

  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Weft</title><script src="/theme.js"></script>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'export{};\n//# sourceMappingURL=app-1234.js.map');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["src/secret-source.tsx"]}');
  });
  afterAll(async () => {
    for (const weft of wefts) await weft.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}): Promise<TestWeft> {
    const weft = await startTestWeft('sqlite', { env: { WEB_DIR: webDir, WEFT_SCHEDULER: 'off', ...env } });
    wefts.push(weft);
    return weft;
  }

  it('sends a policy that runs only our own scripts and refuses framing, on pages and API answers', async () => {
    const weft = await start();
    for (const url of ['/', '/dashboard', '/api/health', '/api/nope']) {
      const answer = await weft.app.inject({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers 404 for source maps unless WEFT_SERVE_SOURCEMAPS=1', async () => {
    const closed = await start();
    expect((await closed.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    const hidden = await closed.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('secret-source');
    const open = await start({ WEFT_SERVE_SOURCEMAPS: '1' });
    const shown = await open.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('secret-source');
  });
});
