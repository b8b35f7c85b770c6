import { expect, it } from 'vitest';
import { describeEachDatabase, sessionCookieFrom, signUp, uniqueEmail, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('auth routes', (database) => {
  const weft = useTestWeft(database);

  it('signs up, lands a session cookie and a bearer token, and resolves the session', async () => {
    const email = uniqueEmail();
    const res = await weft().app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `  ${email.toUpperCase()} `, password: 'secret1', displayName: 'Ada Lovelace' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email, displayName: 'Ada Lovelace', hasPassword: true });
    expect(body.user).not.toHaveProperty('password_hash');
    const cookie = res.cookies.find((c) => c.name === 'weft_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const session = await weft().app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${body.token}` } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(email);
  });

  it('stores only a hash of the password and of the session token', async () => {
    const user = await signUp(weft(), { password: 'plain-text-password' });
    const row = await weft().services.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await weft().services.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute();
    expect(sessions.map((s) => s.id)).not.toContain(user.token);
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'email: Enter a valid e-mail address'],
    [{ email: '', password: 'secret1' }, 'email: Email is required'],
    [{ email: 'a@example.com', password: '12345' }, 'password: Password must be at least 6 characters'],
    [{ email: 'a@example.com' }, 'password: Password is required'],
  ])('rejects bad sign-up input %j', async (payload, message) => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a duplicate sign-up without creating a second account', async () => {
    const user = await signUp(weft());
    const res = await weft().app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: user.email.toUpperCase(), password: 'another1' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/sign in or reset your password/);
    const count = await weft()
      .services.db.selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('signs in with the right password and gives the same answer for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(weft(), { password: 'right-password' });
    const ok = await weft().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'right-password' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.userId);

    const wrong = await weft().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong-password' } });
    const unknown = await weft().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail('nobody'), password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password.');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('tells a visitor without a session so with a 200, and refuses a token that does not work', async () => {
    // Every page load asks: a signed-out visitor's pages must not log a failed request.
    const visitor = await weft().app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null, csrfToken: null });
    expect(visitor.headers['set-cookie']).toBeUndefined();
    const forged = await weft().app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: 'Bearer forged-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Authentication required. Please log in again.');
  });

  it('answers a revoked session cookie as a visitor and clears the cookie', async () => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: uniqueEmail(), password: 'secret1' } });
    const cookie = sessionCookieFrom(res);
    const { token } = res.json();
    const out = await weft().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(204);
    const stale = await weft().app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ user: null, csrfToken: null });
    expect(String(stale.headers['set-cookie'])).toMatch(/^weft_session=;.*Expires=Thu, 01 Jan 1970/);
    // Routes that need a session still refuse the cookie.
    const workflows = await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: { cookie } });
    expect(workflows.statusCode).toBe(401);
  });

  it('sign-out revokes the session on the server', async () => {
    const user = await signUp(weft());
    const out = await weft().app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(out.statusCode).toBe(204);
    const after = await weft().app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers });
    expect(after.statusCode).toBe(401);
  });

  it('requires the CSRF token for cookie-authenticated writes', async () => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: uniqueEmail(), password: 'secret1' } });
    const cookie = sessionCookieFrom(res);
    const { csrfToken } = res.json();
    const read = await weft().app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const noCsrf = await weft().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toMatch(/CSRF/);
    const withCsrf = await weft().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(withCsrf.statusCode).toBe(204);
  });

  it('lets a browser that still holds a session cookie sign in again without a CSRF token', async () => {
    const user = await signUp(weft(), { password: 'secret-one' });
    const login = await weft().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'secret-one' } });
    const cookie = sessionCookieFrom(login);
    const again = await weft().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie },
      payload: { email: user.email, password: 'secret-one' },
    });
    expect(again.statusCode).toBe(200);
    // …but the cookie alone still cannot act as the user.
    const out = await weft().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(403);
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});
