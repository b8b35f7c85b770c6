import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, sessionCookieFrom, signUp, uniqueEmail, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('account routes', (database) => {
  const weft = useTestWeft(database);
  const inject = (options: InjectOptions) => weft().app.inject(options);
  const changePassword = (headers: Record<string, string>, payload: object) => inject({ method: 'POST', url: '/api/me/password', headers, payload });
  const sessionOf = (token: string) => inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });

  it('answers 401 on every route without a session', async () => {
    const routes = [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['POST', '/api/me/password'],
      ['DELETE', '/api/me'],
      ['GET', '/api/me/notifications'],
      ['PUT', '/api/me/notifications'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Authentication required. Please log in again.');
    }
  });

  it('shows and renames the signed-in user', async () => {
    const user = await signUp(weft(), { displayName: 'Ada', password: 'secret-one' });
    const me = await inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual({ id: user.userId, email: user.email, displayName: 'Ada', hasPassword: true, createdAt: expect.any(String) });

    const renamed = await inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: { displayName: '  Ada Lovelace  ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.displayName).toBe('Ada Lovelace');
    const cleared = await inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: { displayName: '' } });
    expect(cleared.json().user.displayName).toBeNull();
    const nulled = await inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: { displayName: null } });
    expect(nulled.json().user.displayName).toBeNull();
    for (const body of [me.body, renamed.body, cleared.body]) {
      expect(body).not.toContain('secret-one');
      expect(body).not.toContain('password_hash');
      expect(body).not.toContain(user.token);
    }
  });

  it.each([
    [{ displayName: 'x'.repeat(101) }, 'displayName: Display name must be at most 100 characters'],
    [{ displayName: 42 }, 'displayName: Display name must be text or null'],
    [{}, 'displayName: Display name must be text or null'],
  ])('rejects the profile change %j', async (payload, message) => {
    const user = await signUp(weft());
    const res = await inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('changes the password only with the current one, keeping this session and revoking the others', async () => {
    const user = await signUp(weft(), { password: 'old-password' });
    const other = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'old-password' } });

    const wrong = await changePassword(user.headers, { currentPassword: 'not-it', newPassword: 'new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect.');
    const missing = await changePassword(user.headers, { newPassword: 'new-password' });
    expect(missing.json().message).toBe('Current password is incorrect.');
    const short = await changePassword(user.headers, { currentPassword: 'old-password', newPassword: '12345' });
    expect(short.json().message).toBe('newPassword: Password must be at least 6 characters');
    expect((await sessionOf(other.json().token)).statusCode).toBe(200);

    const ok = await changePassword(user.headers, { currentPassword: 'old-password', newPassword: 'new-password' });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect((await sessionOf(user.token)).statusCode).toBe(200);
    expect((await sessionOf(other.json().token)).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'old-password' } })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'new-password' } })).statusCode).toBe(200);
  });

  it('revokes the API keys on a password change only when asked to', async () => {
    const user = await signUp(weft(), { password: 'old-password' });
    const keyStatus = async (token: string) =>
      (await inject({ method: 'GET', url: '/api/executions', headers: { authorization: `Bearer ${token}` } })).statusCode;
    const makeKey = async () => (await inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'k' } })).json().token as string;
    const kept = await makeKey();
    const change = (from: string, to: string, revokeApiKeys?: boolean) =>
      changePassword(user.headers, { currentPassword: from, newPassword: to, revokeApiKeys });
    expect((await change('old-password', 'second-password')).statusCode).toBe(204);
    expect(await keyStatus(kept)).toBe(200);
    expect((await change('second-password', 'third-password', true)).statusCode).toBe(204);
    expect(await keyStatus(kept)).toBe(401);
    // The session that made the change still works, and can make a new key.
    expect(await keyStatus(await makeKey())).toBe(200);
  });

  it('keeps the cookie session working after a password change made with it', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/signup', payload: { email: uniqueEmail(), password: 'old-password', subscribe: false } });
    const headers = { cookie: sessionCookieFrom(res), 'x-csrf-token': res.json().csrfToken as string };
    const noCsrf = await changePassword({ cookie: headers.cookie }, { currentPassword: 'old-password', newPassword: 'new-password' });
    expect(noCsrf.statusCode).toBe(403);
    const ok = await changePassword(headers, { currentPassword: 'old-password', newPassword: 'new-password' });
    expect(ok.statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
  });

  it('deletes the account only with the right password, and everything of it with it', async () => {
    const user = await signUp(weft(), { password: 'delete-me', subscribe: true });
    const { db, passwordReset } = weft().services;
    expect(await db.selectFrom('notification_subscriptions').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
    const now = new Date().toISOString();
    await db
      .insertInto('identities')
      .values({ id: crypto.randomUUID(), user_id: user.userId, provider: 'https://idp.example', subject: user.userId, created_at: now })
      .execute();
    await db
      .insertInto('workflows')
      .values({
        id: crypto.randomUUID(),
        user_id: user.userId,
        name: 'Mine',
        document: '{}',
        version: 1,
        last_run_status: null,
        last_run_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await passwordReset.request(user.email);
    const owned = ['identities', 'workflows', 'password_resets', 'sessions'] as const;
    for (const table of owned) expect(await db.selectFrom(table).select('user_id').where('user_id', '=', user.userId).execute(), table).not.toHaveLength(0);

    const none = await inject({ method: 'DELETE', url: '/api/me', headers: user.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('password: Password is required');
    const wrong = await inject({ method: 'DELETE', url: '/api/me', headers: user.headers, payload: { password: 'wrong-one' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect.');
    expect((await sessionOf(user.token)).statusCode).toBe(200);

    const ok = await inject({ method: 'DELETE', url: '/api/me', headers: user.headers, payload: { password: 'delete-me' } });
    expect(ok.statusCode).toBe(204);
    expect((await sessionOf(user.token)).statusCode).toBe(401);
    expect(await db.selectFrom('users').select('id').where('id', '=', user.userId).execute()).toHaveLength(0);
    for (const table of owned) expect(await db.selectFrom(table).select('user_id').where('user_id', '=', user.userId).execute(), table).toHaveLength(0);
    expect(await db.selectFrom('notification_subscriptions').select('id').where('email', '=', user.email).execute()).toHaveLength(0);
    // The address is free again.
    expect((await inject({ method: 'POST', url: '/api/auth/signup', payload: { email: user.email, password: 'fresh-start' } })).statusCode).toBe(201);
  });

  it('lets an account without a password (made through OIDC) set one and delete itself without one', async () => {
    const { users, sessions } = weft().services;
    const row = await users.create({ email: uniqueEmail('sso'), displayName: 'Sso User', passwordHash: null });
    if (!row) throw new Error('user not created');
    const session = await sessions.create(row.id, undefined);
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await inject({ method: 'GET', url: '/api/me', headers })).json().user.hasPassword).toBe(false);

    const set = await changePassword(headers, { newPassword: 'first-password' });
    expect(set.statusCode).toBe(204);
    expect((await inject({ method: 'POST', url: '/api/auth/login', payload: { email: row.email, password: 'first-password' } })).statusCode).toBe(200);

    const other = await users.create({ email: uniqueEmail('sso'), displayName: null, passwordHash: null });
    if (!other) throw new Error('user not created');
    const otherSession = await sessions.create(other.id, undefined);
    const deleted = await inject({ method: 'DELETE', url: '/api/me', headers: { authorization: `Bearer ${otherSession.token}` } });
    expect(deleted.statusCode).toBe(204);
    expect(await users.findById(other.id)).toBeUndefined();
  });

  it('reads and updates notification preferences, creating the subscription when missing', async () => {
    const user = await signUp(weft(), { subscribe: false });
    const empty = await inject({ method: 'GET', url: '/api/me/notifications', headers: user.headers });
    expect(empty.json()).toEqual({ subscription: null });

    const created = await inject({ method: 'PUT', url: '/api/me/notifications', headers: user.headers, payload: { notificationTypes: { newsletter: false } } });
    expect(created.statusCode).toBe(200);
    expect(created.json().subscription).toMatchObject({
      email: user.email,
      userId: user.userId,
      notificationsEnabled: true,
      subscriptionSource: 'signup',
      notificationTypes: { platformUpdates: true, serviceAnnouncements: true, newsletter: false, productNews: true, all: true },
    });

    const merged = await inject({
      method: 'PUT',
      url: '/api/me/notifications',
      headers: user.headers,
      payload: { notificationsEnabled: false, notificationTypes: { productNews: false } },
    });
    expect(merged.json().subscription).toMatchObject({
      notificationsEnabled: false,
      notificationTypes: { newsletter: false, productNews: false, platformUpdates: true },
    });
    const read = await inject({ method: 'GET', url: '/api/me/notifications', headers: user.headers });
    expect(read.json()).toEqual(merged.json());
    expect(read.body).not.toContain('unsubscribe');
  });

  it.each([
    [{ notificationsEnabled: 'yes' }, /^notificationsEnabled: /],
    [{ notificationTypes: { newsletter: 'no' } }, /^notificationTypes\.newsletter: /],
    [{ notificationTypes: { spam: true } }, /^notificationTypes: .*spam/],
  ])('rejects the preferences %j', async (payload, message) => {
    const user = await signUp(weft());
    const res = await inject({ method: 'PUT', url: '/api/me/notifications', headers: user.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
