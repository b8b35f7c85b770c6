import { ANALYTICS_EVENT_NAMES } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, signUp, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('analytics routes', (database) => {
  const weft = useTestWeft(database);

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    weft().app.inject({ method: 'POST', url: '/api/analytics/events', payload: payload as object, headers });
  const eventCount = async () => {
    const row = await weft()
      .services.db.selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  /** Sends an event tagged with a unique marker and returns the stored row. */
  const sendAndFetch = async (payload: { name: string; params?: Record<string, unknown>; path?: string }, headers: Record<string, string> = {}) => {
    const marker = `m${Math.random().toString(36).slice(2)}`;
    const res = await send({ ...payload, params: { ...payload.params, marker } }, headers);
    expect(res.statusCode).toBe(202);
    const rows = await weft().services.db.selectFrom('analytics_events').selectAll().where('params', 'like', `%${marker}%`).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    return { ...row, params: JSON.parse(row.params) as Record<string, unknown> };
  };

  it.each(ANALYTICS_EVENT_NAMES.map((name) => [name]))('accepts and stores %s', async (name) => {
    const row = await sendAndFetch({ name, params: { method: 'email', count: 2, consent: true }, path: '/login' });
    expect(row).toMatchObject({ name, path: '/login', user_id: null });
    expect(row.params).toMatchObject({ method: 'email', count: 2, consent: true });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores an event without params or path', async () => {
    const before = await eventCount();
    const res = await send({ name: 'password_reset_requested' });
    expect(res.statusCode).toBe(202);
    expect(await eventCount()).toBe(before + 1);
  });

  it.each([
    [{ name: 'purchase' }, /^name: Unknown event "purchase"; expected one of page_view, login/],
    [{}, /^name: Event name is required$/],
    [{ name: 'page_view', params: { nested: { a: 1 } } }, /^params\.nested: Parameter values must be text, numbers or true\/false$/],
    [{ name: 'page_view', params: { list: [1, 2] } }, /^params\.list: /],
    [{ name: 'page_view', params: { nothing: null } }, /^params\.nothing: /],
    [{ name: 'page_view', params: 'title=Home' }, /^params: Params must be an object/],
    [{ name: 'page_view', params: { 'bad key': 'x' } }, /^params\.bad key: Parameter names use letters, digits and _/],
    [{ name: 'page_view', params: { [`k${'x'.repeat(40)}`]: 'x' } }, /^params\.kx+: Parameter names/],
    [{ name: 'page_view', params: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])) }, /^params: At most 20 parameters per event$/],
    [{ name: 'page_view', path: `/${'a'.repeat(2000)}` }, /^path: Path is too long$/],
  ])('rejects %j without storing it', async (payload, message) => {
    const before = await eventCount();
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await eventCount()).toBe(before);
  });

  it('never stores e-mails, credentials or IP addresses', async () => {
    const row = await sendAndFetch({
      name: 'sign_up',
      params: {
        email: 'ada@example.com',
        userEmail: 'ada@example.com',
        password: 'secret1',
        token: 't',
        reset_token: 't',
        ip: '10.0.0.1',
        title: 'Hi ada@example.com from 192.168.1.20',
        method: 'email',
      },
      path: '/reset-password?token=abc&email=ada@example.com#frag',
    });
    expect(Object.keys(row.params).sort()).toEqual(['marker', 'method', 'title']);
    expect(row.params.title).toBe('Hi [email] from [ip]');
    expect(row.path).toBe('/reset-password');
    expect(JSON.stringify(row)).not.toMatch(/ada@example\.com|secret1|10\.0\.0\.1|192\.168/);
  });

  it('cuts long text values to 500 characters', async () => {
    const row = await sendAndFetch({ name: 'page_view', params: { title: 'x'.repeat(5000) } });
    expect(row.params.title).toBe('x'.repeat(500));
  });

  it('records the signed-in user, and no one for an anonymous visitor', async () => {
    const user = await signUp(weft());
    const signedIn = await sendAndFetch({ name: 'login', params: { method: 'email' } }, user.headers);
    expect(signedIn.user_id).toBe(user.userId);
    const anonymous = await sendAndFetch({ name: 'login', params: { method: 'email' } });
    expect(anonymous.user_id).toBeNull();
  });

  it('refuses a body far larger than any event', async () => {
    const res = await send({ name: 'page_view', params: { title: 'x'.repeat(20_000) } });
    expect(res.statusCode).toBe(413);
  });
});

describeEachDatabase('analytics rate limit', (database) => {
  const weft = useTestWeft(database);

  describe('per IP', () => {
    it('accepts 120 events a minute and refuses the next', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 121; i += 1) {
        const res = await weft().app.inject({ method: 'POST', url: '/api/analytics/events', payload: { name: 'page_view' } });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 202)).toHaveLength(120);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
