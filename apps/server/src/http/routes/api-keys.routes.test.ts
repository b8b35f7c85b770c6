import { expect, it } from 'vitest';
import { looksLikeApiKey } from '../../accounts/api-keys.service.js';
import { newToken } from '../../platform/tokens.js';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase('API key routes', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });

  const call = (headers: Record<string, string>, method: Method, url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createKey = async (user: SignedIn, name = 'Nightly import') => {
    const res = await call(user.headers, 'POST', '/api/api-keys', { name });
    expect(res.statusCode).toBe(201);
    return res.json() as { apiKey: { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null }; token: string };
  };
  const keyHeaders = (token: string) => ({ authorization: `Bearer ${token}` });
  const createWorkflow = async (user: SignedIn) => {
    const res = await call(user.headers, 'POST', '/api/workflows', greetingWorkflow());
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };

  it('shows a new key once, then lists it by name and prefix only', async () => {
    const user = await signUp(weft());
    const { apiKey, token } = await createKey(user, '  Zapier  ');
    expect(token).toMatch(/^wk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Zapier',
      prefix: token.slice(0, 9),
      createdAt: clock.now().toISOString(),
      lastUsedAt: null,
      workflowIds: null,
    });

    const list = await call(user.headers, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ apiKeys: [apiKey] });
    expect(list.body).not.toContain(token.slice(9));

    // Only the hash is stored.
    const rows = await weft().services.db.selectFrom('api_keys').selectAll().where('id', '=', apiKey.id).execute();
    expect(JSON.stringify(rows)).not.toContain(token.slice(9));
  });

  it.each([
    [{ name: '' }, 'name: Give the key a name, e.g. the script that will use it'],
    [{ name: '   ' }, 'name: Give the key a name, e.g. the script that will use it'],
    [{}, 'name: Give the key a name, e.g. the script that will use it'],
    [{ name: 'x'.repeat(101) }, 'name: Key names can be at most 100 characters'],
  ])('refuses %j', async (body, message) => {
    const user = await signUp(weft());
    const res = await call(user.headers, 'POST', '/api/api-keys', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('runs a workflow with a key; a revoked key answers 401 and leaves the list', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const { apiKey, token } = await createKey(user);

    const run = await call(keyHeaders(token), 'POST', `/api/workflows/${workflowId}/run`);
    expect(run.statusCode).toBe(202);
    expect(run.json().execution).toMatchObject({ workflowId, trigger: 'api' });

    expect((await call(user.headers, 'DELETE', `/api/api-keys/${apiKey.id}`)).statusCode).toBe(204);
    const refused = await call(keyHeaders(token), 'POST', `/api/workflows/${workflowId}/run`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This API key was revoked. Create a new one in Settings → API keys.');
    expect((await call(user.headers, 'GET', '/api/api-keys')).json()).toEqual({ apiKeys: [] });
    expect((await call(user.headers, 'DELETE', `/api/api-keys/${apiKey.id}`)).statusCode).toBe(404);
  });

  it('answers 401 for an unknown or cut-off key', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const { token } = await createKey(user);
    const unknown = `wk_${'A'.repeat(43)}`;
    for (const bad of [unknown, token.slice(0, -1)]) {
      const res = await call(keyHeaders(bad), 'POST', `/api/workflows/${workflowId}/run`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/^This API key is not valid/);
    }
  });

  it('cannot reach another user’s workflow with a key', async () => {
    const owner = await signUp(weft());
    const workflowId = await createWorkflow(owner);
    const other = await signUp(weft());
    const { token } = await createKey(other);
    const res = await call(keyHeaders(token), 'POST', `/api/workflows/${workflowId}/run`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Workflow not found');
  });

  it.each([
    ['GET', '/api/workflows'],
    ['GET', '/api/me'],
    ['GET', '/api/api-keys'],
    ['POST', '/api/api-keys'],
    ['DELETE', '/api/api-keys/any'],
    ['PUT', '/api/workflows/any/webhook'],
  ] as [Method, string][])('refuses a key on %s %s with 403', async (method, url) => {
    const user = await signUp(weft());
    const { token } = await createKey(user);
    const res = await call(keyHeaders(token), method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'minted by a key' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'API keys only work on the run, executions and MCP routes (POST /api/workflows/:id/run, /api/executions, /api/mcp). Sign in to use this one.',
    );
    // A key cannot mint another key.
    expect((await call(user.headers, 'GET', '/api/api-keys')).json().apiKeys).toHaveLength(1);
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(user);
    const { token } = await createKey(user);
    const lastUsed = async () => (await call(user.headers, 'GET', '/api/api-keys')).json().apiKeys[0].lastUsedAt;
    const run = () => call(keyHeaders(token), 'POST', `/api/workflows/${workflowId}/run`);

    const first = clock.now().toISOString();
    await run();
    expect(await lastUsed()).toBe(first);
    clock.advance(30_000);
    await run();
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await run();
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('revokes only the caller’s own keys', async () => {
    const owner = await signUp(weft());
    const { apiKey } = await createKey(owner);
    const other = await signUp(weft());
    expect((await call(other.headers, 'DELETE', `/api/api-keys/${apiKey.id}`)).statusCode).toBe(404);
    expect((await call(other.headers, 'GET', '/api/api-keys')).json()).toEqual({ apiKeys: [] });
    expect((await call(owner.headers, 'GET', '/api/api-keys')).json().apiKeys).toHaveLength(1);
  });

  it('needs a session to manage keys', async () => {
    expect((await call({}, 'GET', '/api/api-keys')).statusCode).toBe(401);
    expect((await call({}, 'POST', '/api/api-keys', { name: 'x' })).statusCode).toBe(401);
  });
});

it('tells API keys from session tokens that happen to start with wk_', () => {
  expect(looksLikeApiKey(`wk_${newToken()}`)).toBe(true);
  // Session tokens are 43 base64url characters and may begin with "wk_" by chance.
  expect(looksLikeApiKey(`wk_${newToken().slice(3)}`)).toBe(false);
  expect(looksLikeApiKey(newToken())).toBe(false);
});
