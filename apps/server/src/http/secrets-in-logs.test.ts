import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureLogs } from '../test-support/log-capture.js';
import { parseMail } from '../test-support/mime.js';
import { type OidcPeer, signInAtOidcPeer, startOidcPeer } from '../test-support/oidc-peer.js';
import { resetTokenFrom } from '../test-support/smtp-peer.js';
import { describeEachDatabase, startTestWeft, type TestWeft, uniqueEmail } from '../test-support/test-weft.js';

const PUBLIC_URL = 'http://127.0.0.1:4186';

/**
 * Runs sign-up, sign-in, reset (through the outbox, so the mail path logs too), a
 * password change and an OIDC sign-in with the production logger at trace level, then
 * looks for every secret involved in every line logged.
 */
describeEachDatabase('secrets in logs', (database) => {
  const { logger, lines } = captureLogs('trace');
  let peer: OidcPeer;
  let weft: TestWeft;

  beforeAll(async () => {
    peer = await startOidcPeer({ redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`] });
    weft = await startTestWeft(database, { env: { ...peer.env, PUBLIC_URL }, logger });
  });
  afterAll(async () => {
    await weft?.close();
    await peer?.close();
  });

  it('never logs a password, token, code or client secret', async () => {
    const email = uniqueEmail('logged');
    const secrets: string[] = ['first-Pa55word', 'wrong-Pa55word', 'second-Pa55word', 'third-Pa55word', peer.clientSecret];
    const inject = weft.app.inject.bind(weft.app);

    const signUp = await inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'first-Pa55word' } });
    expect(signUp.statusCode).toBe(201);
    secrets.push(signUp.json().token, signUp.json().csrfToken);
    expect((await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-Pa55word' } })).statusCode).toBe(401);
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'first-Pa55word' } });
    secrets.push(login.json().token, login.json().csrfToken);
    const cookie = `weft_session=${login.json().token}`;
    await inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-csrf-token': login.json().csrfToken } });

    expect((await inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } })).statusCode).toBe(202);
    await weft.services.background.idle();
    const outbox = path.join(weft.dataDir, 'outbox');
    const [file] = fs.readdirSync(outbox);
    const resetToken = resetTokenFrom(parseMail(fs.readFileSync(path.join(outbox, file as string), 'utf8')));
    secrets.push(resetToken);
    // The page the link opens carries the token in its query string.
    await inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const confirm = await inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: resetToken, password: 'second-Pa55word' } });
    expect(confirm.statusCode).toBe(200);
    secrets.push(confirm.json().token, confirm.json().csrfToken);
    const change = await inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { authorization: `Bearer ${confirm.json().token}` },
      payload: { currentPassword: 'second-Pa55word', newPassword: 'third-Pa55word' },
    });
    expect(change.statusCode).toBe(204);

    const start = await inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const flowCookie = start.cookies.find((c) => c.name === 'weft_oidc')?.value ?? '';
    secrets.push(flowCookie);
    const callback = new URL(await signInAtOidcPeer(String(start.headers.location)));
    secrets.push(callback.searchParams.get('code') ?? 'no code');
    const done = await inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, cookies: { weft_oidc: flowCookie } });
    expect(done.headers.location).toBe('/editor');
    secrets.push(done.cookies.find((c) => c.name === 'weft_session')?.value ?? 'no session');
    // A failing callback logs its reason: that line must be clean too.
    const replay = await inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, cookies: { weft_oidc: flowCookie } });
    expect(replay.headers.location).toBe('/login?error=oidc');

    expect(lines.some((l) => l.includes('incoming request'))).toBe(true);
    expect(lines.some((l) => l.includes('OIDC sign-in failed'))).toBe(true);
    expect(lines.some((l) => l.includes('SMTP is not configured') && l.includes(email))).toBe(true);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      const leaking = lines.filter((line) => line.includes(secret));
      expect(leaking, `a log line contains a secret: ${leaking[0]}`).toEqual([]);
    }
  });
});
