import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { captureLogs } from '../../test-support/log-capture.js';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase('secret routes', (database) => {
  const clock = new ManualClock();
  const { logger, lines } = captureLogs('trace');
  const weft = useTestWeft(database, { clock, logger });

  const call = (user: SignedIn | null, method: Method, url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (user: SignedIn, name: string, value: string) => {
    const res = await call(user, 'POST', '/api/secrets', { name, value });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secret as { id: string; name: string; last4: string; createdAt: string; updatedAt: string };
  };

  it.each([
    ['GET', '/api/secrets'],
    ['POST', '/api/secrets'],
    ['PUT', '/api/secrets/any-id'],
    ['DELETE', '/api/secrets/any-id'],
  ] as [Method, string][])('%s %s answers 401 without a session', async (method, url) => {
    const res = await call(null, method, url, method === 'POST' || method === 'PUT' ? { name: 'A', value: 'v' } : undefined);
    expect(res.statusCode).toBe(401);
  });

  it('creates, lists by name, replaces, renames and deletes, answering names and last four only', async () => {
    const user = await signUp(weft());
    const created = await create(user, 'OPENAI_API_KEY', 'sk-proj-0123456789abcdefWXYZ');
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'createdBy', 'id', 'last4', 'lastUsedAt', 'lastUsedBy', 'name', 'updatedAt']);
    expect(created).toMatchObject({ name: 'OPENAI_API_KEY', last4: 'WXYZ', createdAt: clock.now().toISOString(), updatedAt: clock.now().toISOString() });
    await create(user, '_anthropic', 'short-pw');

    const list = await call(user, 'GET', '/api/secrets');
    expect(list.json().secrets.map((s: { name: string; last4: string }) => [s.name, s.last4])).toEqual([
      ['OPENAI_API_KEY', 'WXYZ'],
      // Under twelve characters no tail is shown: four of eight is half the secret.
      ['_anthropic', ''],
    ]);

    clock.advance(60_000);
    const replaced = await call(user, 'PUT', `/api/secrets/${created.id}`, { value: 'sk-proj-new-value-9876-LAST' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().secret).toMatchObject({
      id: created.id,
      name: 'OPENAI_API_KEY',
      last4: 'LAST',
      createdAt: created.createdAt,
      updatedAt: clock.now().toISOString(),
    });
    const renamed = await call(user, 'PUT', `/api/secrets/${created.id}`, { name: 'OPENAI_KEY' });
    expect(renamed.json().secret).toMatchObject({ name: 'OPENAI_KEY', last4: 'LAST' });
    expect(await weft().services.secrets.valuesForUser(user.userId)).toEqual({ OPENAI_KEY: 'sk-proj-new-value-9876-LAST', _anthropic: 'short-pw' });

    expect((await call(user, 'DELETE', `/api/secrets/${created.id}`)).statusCode).toBe(204);
    expect((await call(user, 'DELETE', `/api/secrets/${created.id}`)).statusCode).toBe(404);
    expect((await call(user, 'GET', '/api/secrets')).json().secrets.map((s: { name: string }) => s.name)).toEqual(['_anthropic']);
  });

  it('answers 409 for a name the user already has, on create and on rename', async () => {
    const user = await signUp(weft());
    await create(user, 'TOKEN', 'first-value-1');
    const other = await create(user, 'OTHER', 'second-value-2');
    const duplicate = await call(user, 'POST', '/api/secrets', { name: 'TOKEN', value: 'another-value' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe("You already have a secret named TOKEN. Pick another name, or replace that secret's value.");
    const rename = await call(user, 'PUT', `/api/secrets/${other.id}`, { name: 'TOKEN' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('duplicate_name');
    // Names are per user: someone else may use the same one.
    await create(await signUp(weft()), 'TOKEN', 'someone-elses');
  });

  it.each([
    ['a name starting with a digit', { name: '1KEY', value: 'v' }, 'name: Use letters, digits and _ only, not starting with a digit (e.g. OPENAI_API_KEY)'],
    ['a name with a dash', { name: 'MY-KEY', value: 'v' }, /^name: Use letters/],
    ['a name with a space', { name: 'MY KEY', value: 'v' }, /^name: Use letters/],
    ['an empty name', { name: '', value: 'v' }, 'name: Enter a name'],
    ['a name over 100 characters', { name: `A${'b'.repeat(100)}`, value: 'v' }, 'name: A name can be at most 100 characters'],
    ['no value', { name: 'KEY' }, 'value: Enter a value'],
    ['an empty value', { name: 'KEY', value: '' }, 'value: Enter a value'],
    ['a value over 64 KB in UTF-8', { name: 'KEY', value: 'é'.repeat(32 * 1024 + 1) }, 'value: A secret value can be at most 64 KB'],
  ])('refuses %s with a 400 naming the field', async (_, payload, message) => {
    const user = await signUp(weft());
    const res = await call(user, 'POST', '/api/secrets', payload);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  });

  it('takes a value of exactly 64 KB, and refuses an update that changes nothing', async () => {
    const user = await signUp(weft());
    const big = await create(user, 'PEM', 'k'.repeat(64 * 1024));
    const res = await call(user, 'PUT', `/api/secrets/${big.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send a new value, a new name, or both');
  });

  it("treats another user's secret as missing", async () => {
    const owner = await signUp(weft());
    const intruder = await signUp(weft());
    const secret = await create(owner, 'OWNER_KEY', 'owner-value-0000');
    expect((await call(intruder, 'GET', '/api/secrets')).json().secrets).toEqual([]);
    const put = await call(intruder, 'PUT', `/api/secrets/${secret.id}`, { value: 'hijacked-value' });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Secret not found');
    expect((await call(intruder, 'DELETE', `/api/secrets/${secret.id}`)).statusCode).toBe(404);
    expect(await weft().services.secrets.valuesForUser(intruder.userId)).toEqual({});
    expect(await weft().services.secrets.valuesForUser(owner.userId)).toEqual({ OWNER_KEY: 'owner-value-0000' });
  });

  it('stores only ciphertext, bound to its row: a value copied into another row does not decrypt', async () => {
    const user = await signUp(weft());
    const value = 'sk-stored-at-rest-4242';
    const secret = await create(user, 'AT_REST', value);
    const decoy = await create(user, 'DECOY', 'decoy-value-0000');
    const rows = await weft().services.db.selectFrom('secrets').selectAll().where('user_id', '=', user.userId).execute();
    const row = rows.find((r) => r.id === secret.id);
    const stored = JSON.stringify(rows);
    for (const form of [value, Buffer.from(value).toString('base64'), Buffer.from(value).toString('hex')]) expect(stored).not.toContain(form);
    expect(Buffer.from(row?.ciphertext ?? '', 'base64').toString('latin1')).not.toContain(value);

    await weft()
      .services.db.updateTable('secrets')
      .set({ ciphertext: row?.ciphertext ?? '' })
      .where('id', '=', decoy.id)
      .execute();
    await expect(weft().services.secrets.valuesForUser(user.userId)).rejects.toThrow(
      'The secret "DECOY" could not be decrypted with the current encryption key',
    );
  });

  it('never puts a value in any answer or log line', async () => {
    const owner = await signUp(weft());
    const intruder = await signUp(weft());
    const value = 'sk-never-shown-7f3a9c21e5';
    const replacement = 'sk-replacement-0b8d44e6';
    const answers: LightMyRequestResponse[] = [];
    const record = async (response: Promise<LightMyRequestResponse>) => {
      const res = await response;
      answers.push(res);
      return res;
    };
    const created = (await record(call(owner, 'POST', '/api/secrets', { name: 'WATCHED', value }))).json().secret as { id: string };
    await record(call(owner, 'POST', '/api/secrets', { name: 'WATCHED', value }));
    await record(call(owner, 'POST', '/api/secrets', { name: 'bad name', value }));
    await record(call(owner, 'POST', '/api/secrets', { name: 'HUGE', value: value.repeat(5000) }));
    await record(call(owner, 'POST', '/api/secrets', { name: value, value }));
    await record(
      weft().app.inject({
        method: 'POST',
        url: '/api/secrets',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: `{"name":"X","value":${value}}`,
      }),
    );
    await record(call(null, 'POST', '/api/secrets', { name: 'ANON', value }));
    await record(call(owner, 'GET', '/api/secrets'));
    await record(call(owner, 'PUT', `/api/secrets/${created.id}`, { value: replacement }));
    await record(call(intruder, 'PUT', `/api/secrets/${created.id}`, { value }));
    await record(call(owner, 'PUT', `/api/secrets/${created.id}`, { name: 'RENAMED', value }));
    await record(call(owner, 'GET', '/api/secrets'));
    await record(call(intruder, 'DELETE', `/api/secrets/${created.id}`));
    await record(call(owner, 'DELETE', `/api/secrets/${created.id}`));

    expect(answers.map((a) => a.statusCode)).toEqual([201, 409, 400, 400, 400, 400, 401, 200, 200, 404, 200, 200, 404, 204]);
    expect(lines.some((l) => l.includes('/api/secrets'))).toBe(true);
    for (const secret of [value, replacement]) {
      const leaking = answers.filter((a) => a.body.includes(secret) || JSON.stringify(a.headers).includes(secret));
      expect(leaking.map((a) => a.body)).toEqual([]);
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    }
  });
});
