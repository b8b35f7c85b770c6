import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port.js';
import { captureLogs } from '../../test-support/log-capture.js';
import { ManualClock } from '../../test-support/manual-clock.js';
import { resetLinkFrom, resetTokenFrom, type SmtpPeer, startSmtpPeer } from '../../test-support/smtp-peer.js';
import { describeEachDatabase, type SignedIn, signUp, startTestWeft, type TestDatabase, type TestWeft, uniqueEmail } from '../../test-support/test-weft.js';

const PUBLIC_URL = 'http://127.0.0.1:4188';
const REQUESTED = { message: 'If an account exists for that e-mail, a reset link is on its way.' };
const INVALID = 'This reset link is invalid or has expired. Request a new one.';

/** For the suite: an SMTP peer, and a Weft on `clock` that mails its links (PUBLIC_URL) through it. */
function useMailingWeft(database: TestDatabase, clock: ManualClock, env: Record<string, string> = {}): { smtp: SmtpPeer; weft: TestWeft } {
  const suite = {} as { smtp: SmtpPeer; weft: TestWeft };
  beforeAll(async () => {
    suite.smtp = await startSmtpPeer();
    suite.weft = await startTestWeft(database, { env: { ...suite.smtp.env, PUBLIC_URL, ...env }, clock });
  });
  afterAll(async () => {
    await suite.weft?.close();
    await suite.smtp?.close();
  });
  return suite;
}

describeEachDatabase('password reset', (database) => {
  const clock = new ManualClock();
  const suite = useMailingWeft(database, clock, { SMTP_FROM: 'Weft Test <weft@example.com>' });

  const requestReset = (email: string) => suite.weft.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const confirm = (token: string, password: string) =>
    suite.weft.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
  const login = (email: string, password: string) => suite.weft.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** Requests a reset for the user and reads the token from the mail that arrives. */
  async function mailedToken(user: SignedIn): Promise<string> {
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(202);
    return resetTokenFrom(await suite.smtp.waitForMail(user.email));
  }

  it('mails a single-use link that sets the new password and signs the user in', async () => {
    const user = await signUp(suite.weft, { password: 'old-password', displayName: 'Ada' });
    const res = await requestReset(`  ${user.email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(REQUESTED);

    const mail = await suite.smtp.waitForMail(user.email);
    expect(mail.from).toBe('Weft Test <weft@example.com>');
    expect(mail.subject).toBe('Reset your Weft password');
    const link = resetLinkFrom(mail);
    expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);
    const token = resetTokenFrom(mail);
    const stored = await suite.weft.services.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.userId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect(Date.parse(stored[0]?.expires_at ?? '') - clock.now().getTime()).toBe(60 * 60_000);

    const done = await confirm(token, 'new-password');
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body.user).toMatchObject({ id: user.userId, email: user.email, displayName: 'Ada', hasPassword: true });
    expect(body.token).toEqual(expect.any(String));
    expect(body.csrfToken).toEqual(expect.any(String));
    expect(done.cookies.find((c) => c.name === 'weft_session')?.value).toBe(body.token);
    expect(done.body).not.toContain('new-password');
    expect(done.body).not.toContain(token);

    expect((await login(user.email, 'old-password')).statusCode).toBe(401);
    expect((await login(user.email, 'new-password')).statusCode).toBe(200);
  });

  it('revokes every session of the user and voids the other reset links', async () => {
    const user = await signUp(suite.weft, { password: 'old-password' });
    const otherDevice = await login(user.email, 'old-password');
    const first = await mailedToken(user);
    const second = await mailedToken(user);

    const done = await confirm(second, 'new-password');
    expect(done.statusCode).toBe(200);
    for (const token of [user.token, otherDevice.json().token]) {
      const res = await suite.weft.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
    const fresh = await suite.weft.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${done.json().token}` } });
    expect(fresh.statusCode).toBe(200);

    const stale = await confirm(first, 'another-password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(INVALID);
  });

  it('revokes the API keys of the account (whoever took it over may have made some)', async () => {
    const user = await signUp(suite.weft, { password: 'old-password' });
    const made = await suite.weft.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'ci' } });
    expect(made.statusCode).toBe(201);
    const keyHeaders = { authorization: `Bearer ${made.json().token}` };
    expect((await suite.weft.app.inject({ method: 'GET', url: '/api/executions', headers: keyHeaders })).statusCode).toBe(200);

    const done = await confirm(await mailedToken(user), 'new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json().revokedApiKeys).toBe(1);
    const refused = await suite.weft.app.inject({ method: 'GET', url: '/api/executions', headers: keyHeaders });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/revoked/);
  });

  it('refuses a reused token', async () => {
    const user = await signUp(suite.weft);
    const token = await mailedToken(user);
    expect((await confirm(token, 'first-new')).statusCode).toBe(200);
    const again = await confirm(token, 'second-new');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: INVALID, code: 'invalid_reset_token' });
    expect((await login(user.email, 'first-new')).statusCode).toBe(200);
  });

  it('refuses a token past its hour, and keeps the old password', async () => {
    const user = await signUp(suite.weft, { password: 'old-password' });
    const token = await mailedToken(user);
    clock.advance(61 * 60_000);
    const res = await confirm(token, 'new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
    expect((await login(user.email, 'old-password')).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await confirm('made-up-token', 'new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await requestReset(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(REQUESTED);
    await suite.weft.services.background.idle();
    expect(suite.smtp.mailTo(email)).toHaveLength(0);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Enter a valid e-mail address'],
    [{}, 'email: Email is required'],
  ])('rejects a bad request %j', async (payload, message) => {
    const res = await suite.weft.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ token: 'x', password: '12345' }, 'password: Password must be at least 6 characters'],
    [{ password: 'long-enough' }, 'token: Reset token is required'],
  ])('rejects a bad confirmation %j', async (payload, message) => {
    const res = await suite.weft.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describeEachDatabase('password reset rate limits', (database) => {
  let weft: TestWeft;
  beforeAll(async () => {
    weft = await startTestWeft(database, { env: { AUTH_RATE_LIMIT: '2' } });
  });
  afterAll(async () => weft?.close());

  it('limits requests per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await weft.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: uniqueEmail() }, remoteAddress: '10.0.0.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });

  it('limits confirmations per IP, separately from requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await weft.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: `t${i}`, password: 'long-enough' },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
    const res = await weft.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: uniqueEmail() }, remoteAddress: '10.1.1.1' });
    expect(res.statusCode).toBe(202);
  });
});

describeEachDatabase('password reset when the mail server is down', (database) => {
  const { logger, lines } = captureLogs('info');
  let weft: TestWeft;
  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const port = await freePort();
    weft = await startTestWeft(database, { env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) }, logger });
  });
  afterAll(async () => weft?.close());

  it('still answers 202 and logs the failure without the link', async () => {
    const user = await signUp(weft);
    const res = await weft.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    await weft.services.background.idle();
    const failure = lines.find((l) => l.includes('Password reset e-mail could not be sent'));
    expect(failure).toBeDefined();
    expect(failure).not.toContain('token');
    expect(failure).not.toContain('reset-password');
  });
});

/**
 * Issue 19: ten anonymous requests from ten IPs sent nine reset mails to one person, and then
 * that person's own reset and password change were refused with 429. Mails to one address
 * are capped per hour (WEFT_RESET_MAILS_PER_HOUR, 3) behind the same neutral answer, and the
 * owner is never locked out: the links sent work, and so do sign-in and a password change.
 */
describeEachDatabase('password reset mail from many addresses', (database) => {
  const clock = new ManualClock();
  const suite = useMailingWeft(database, clock);
  const fromAddress = (i: number, url: string, payload: object) => suite.weft.app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.0.${i + 1}` });
  /** The owner, from an address of their own that none of the strangers used. */
  const fromOwner = (url: string, payload: object, headers: Record<string, string> = {}) =>
    suite.weft.app.inject({ method: 'POST', url, payload, headers, remoteAddress: '10.8.0.1' });
  const sentTo = async (email: string) => {
    await suite.weft.services.background.idle();
    return suite.smtp.mailTo(email);
  };

  it('sends an address at most three mails an hour, answering every request the same', async () => {
    const user = await signUp(suite.weft, { password: 'own-password' });
    const stranger = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) {
      for (const email of [user.email, stranger]) {
        const res = await fromAddress(i, '/api/auth/password-reset', { email });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual(REQUESTED);
      }
    }
    expect(await sentTo(user.email)).toHaveLength(3);
    expect(await sentTo(stranger)).toHaveLength(0);
    // An hour on, the address may be sent one again.
    clock.advance(60 * 60_000 + 1);
    expect((await fromAddress(0, '/api/auth/password-reset', { email: user.email })).statusCode).toBe(202);
    expect(await sentTo(user.email)).toHaveLength(4);
  });

  it('never locks the owner out: a link sent, sign-in and a password change all work', async () => {
    const user = await signUp(suite.weft, { password: 'own-password' });
    for (let i = 0; i < 10; i++) expect((await fromAddress(i, '/api/auth/password-reset', { email: user.email })).statusCode).toBe(202);
    // Strangers also try to sign up with the address, from ten places.
    for (let i = 0; i < 12; i++) await fromAddress(i, '/api/auth/signup', { email: user.email, password: 'not-theirs' });
    const mails = await sentTo(user.email);
    expect(mails).toHaveLength(3);

    // The owner's own request: the same answer, not a 429.
    const own = await fromOwner('/api/auth/password-reset', { email: user.email });
    expect(own.statusCode).toBe(202);
    // A link already in the inbox sets the password and signs them in.
    const token = resetTokenFrom(mails[0] as Parameters<typeof resetTokenFrom>[0]);
    const reset = await fromOwner('/api/auth/password-reset/confirm', { token, password: 'reset-password' });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await fromOwner('/api/auth/login', { email: user.email, password: 'reset-password' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as { token: string };
    const changed = await fromOwner(
      '/api/me/password',
      { currentPassword: 'reset-password', newPassword: 'changed-password' },
      { authorization: `Bearer ${session.token}` },
    );
    expect(changed.statusCode, changed.body).toBe(204);
    const again = await fromOwner('/api/auth/login', { email: user.email, password: 'changed-password' });
    expect(again.statusCode).toBe(200);
  });
});
