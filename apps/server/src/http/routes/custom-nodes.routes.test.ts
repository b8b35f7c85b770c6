import { VALUE_TYPES } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { expect, it } from 'vitest';
import { wordCountBody } from '../../test-support/custom-node-fixtures.js';
import { describeEachDatabase, type SignedIn, sessionCookieFrom, signUp, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('custom node type routes', (database) => {
  const weft = useTestWeft(database);

  const create = (user: SignedIn, body: unknown) =>
    weft().app.inject({ method: 'POST', url: '/api/custom-nodes', headers: user.headers, payload: body as object });
  const definitions = (headers: Record<string, string> = {}) => weft().app.inject({ method: 'GET', url: '/api/node-definitions', headers });

  it('creates a type named after the title, lists, reads, updates (version up, type kept) and deletes it', async () => {
    const user = await signUp(weft());
    const res = await create(user, wordCountBody());
    expect(res.statusCode).toBe(201);
    const created = res.json().customNode;
    expect(created).toMatchObject({
      type: 'custom.word-count',
      version: 1,
      title: 'Word count',
      category: 'Custom',
      description: 'Counts the words of a text.',
      inputs: [{ id: 'text', label: 'Text', type: 'text' }],
      code: wordCountBody().code,
    });
    expect(created.id).toEqual(expect.any(String));

    const list = await weft().app.inject({ method: 'GET', url: '/api/custom-nodes', headers: user.headers });
    expect(list.json().customNodes).toEqual([created]);
    const one = await weft().app.inject({ method: 'GET', url: `/api/custom-nodes/${created.id}`, headers: user.headers });
    expect(one.json().customNode).toEqual(created);

    const changed = wordCountBody({ title: 'Counter', outputs: [{ id: 'n', label: 'N', type: 'text' }], code: 'return String(1);' });
    const put = await weft().app.inject({ method: 'PUT', url: `/api/custom-nodes/${created.id}`, headers: user.headers, payload: changed });
    expect(put.statusCode).toBe(200);
    expect(put.json().customNode).toMatchObject({
      id: created.id,
      type: 'custom.word-count',
      version: 2,
      title: 'Counter',
      outputs: changed.outputs,
      code: 'return String(1);',
    });

    const del = await weft().app.inject({ method: 'DELETE', url: `/api/custom-nodes/${created.id}`, headers: user.headers });
    expect(del.statusCode).toBe(204);
    expect((await weft().app.inject({ method: 'GET', url: '/api/custom-nodes', headers: user.headers })).json().customNodes).toEqual([]);
  });

  it('gives a second node of the same title its own type id', async () => {
    const user = await signUp(weft());
    const types = [];
    for (let i = 0; i < 3; i += 1) types.push((await create(user, wordCountBody())).json().customNode.type);
    expect(types).toEqual(['custom.word-count', 'custom.word-count-2', 'custom.word-count-3']);
    // Another user starts from the plain slug: type ids are unique per user only.
    const other = await signUp(weft());
    expect((await create(other, wordCountBody())).json().customNode.type).toBe('custom.word-count');
  });

  const refusals: [Record<string, unknown>, string][] = [
    [{ title: '' }, 'title: Title is required'],
    [{ inputs: [{ id: 'Text', label: 'Text', type: 'text' }] }, 'inputs.0.id: Port ids start with a lowercase letter and use only a-z, 0-9, _ and -'],
    [{ outputs: [] }, 'outputs: A custom node needs at least one output'],
    [{ inputs: [{ id: 'a', label: 'A', type: 'pdf' }] }, `inputs.0.type: Choose a data type: ${VALUE_TYPES.join(', ')}`],
    [{ config: [{ kind: 'json', key: 'j', label: 'J' }] }, 'config.0.kind: Setting kind must be one of text, prompt, number, boolean, select, secret'],
    [{ code: 'x'.repeat(102_401) }, 'code: The code is larger than 100 KB'],
  ];
  it.each(refusals.map(([change, message]) => ({ change, message })))('refuses with “$message”', async ({ change, message }) => {
    const user = await signUp(weft());
    const res = await create(user, wordCountBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'invalid_input' });
  });

  it("answers 404 for another user's type on read, update and delete, and leaves it alone", async () => {
    const owner = await signUp(weft());
    const created = (await create(owner, wordCountBody())).json().customNode;
    const stranger = await signUp(weft());
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await weft().app.inject({
        method,
        url: `/api/custom-nodes/${created.id}`,
        headers: stranger.headers,
        ...(method === 'PUT' ? { payload: wordCountBody({ title: 'Mine now' }) } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Custom node type not found');
    }
    expect((await weft().app.inject({ method: 'GET', url: '/api/custom-nodes', headers: stranger.headers })).json().customNodes).toEqual([]);
    const still = await weft().app.inject({ method: 'GET', url: `/api/custom-nodes/${created.id}`, headers: owner.headers });
    expect(still.json().customNode).toEqual(created);
  });

  it('needs a session', async () => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/custom-nodes', payload: wordCountBody() });
    expect(res.statusCode).toBe(401);
  });

  it("lists a user's types in their node definitions only, privately, never with the code", async () => {
    const owner = await signUp(weft());
    const created = (await create(owner, wordCountBody({ title: 'Secret sauce' }))).json().customNode;

    const mine = await definitions(owner.headers);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toBe('Cookie, Authorization');
    const types = mine.json().definitions.map((d: { type: string }) => d.type);
    expect(types).toEqual([...BUILTIN_NODES.map((n) => n.type), created.type]);
    const definition = mine.json().definitions.at(-1);
    expect(definition).toEqual({
      type: created.type,
      version: 1,
      title: 'Secret sauce',
      category: 'Custom',
      description: created.description,
      inputs: created.inputs,
      outputs: created.outputs,
      config: created.config,
    });
    expect(mine.body).not.toContain('inputs.text.split');

    const stranger = await signUp(weft());
    const theirs = (await definitions(stranger.headers)).json().definitions.map((d: { type: string }) => d.type);
    expect(theirs).not.toContain(created.type);
    const visitor = await definitions();
    expect(visitor.headers['cache-control']).toBe('public, max-age=300');
    expect(visitor.json().definitions.map((d: { type: string }) => d.type)).toEqual(BUILTIN_NODES.map((n) => n.type));
  });

  it('reads the session cookie too, so the editor in the browser sees its custom types', async () => {
    const email = `cookie-${Date.now()}@example.com`;
    const signup = await weft().app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'correct horse', subscribe: false } });
    const cookie = sessionCookieFrom(signup);
    const { csrfToken } = signup.json();
    const made = await weft().app.inject({
      method: 'POST',
      url: '/api/custom-nodes',
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload: wordCountBody(),
    });
    expect(made.statusCode).toBe(201);
    const types = (await definitions({ cookie })).json().definitions.map((d: { type: string }) => d.type);
    expect(types).toContain('custom.word-count');
  });
});
