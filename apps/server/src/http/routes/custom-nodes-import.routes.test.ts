import { expect, it } from 'vitest';
import { wordCountBody } from '../../test-support/custom-node-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

/** One `customNodes` entry as an export carries it, from a `POST /api/custom-nodes` body. */
function carried(type: string, overrides: Record<string, unknown> = {}) {
  const { code, ...declared } = wordCountBody(overrides);
  return { type, definition: { type, version: 1, category: 'Custom', ...declared }, code };
}

describeEachDatabase('POST /api/custom-nodes/import', (database) => {
  const weft = useTestWeft(database);

  const importTypes = (user: SignedIn | undefined, payload: unknown) =>
    weft().app.inject({ method: 'POST', url: '/api/custom-nodes/import', headers: user?.headers ?? {}, payload: payload as object });
  const createType = async (user: SignedIn, body = wordCountBody()) => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/custom-nodes', headers: user.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().customNode;
  };
  const typesOf = async (user: SignedIn) =>
    (await weft()
      .app.inject({ method: 'GET', url: '/api/custom-nodes', headers: user.headers })
      .then((r) => r.json().customNodes)) as {
      id: string;
      type: string;
      title: string;
      code: string;
    }[];

  it('asks for a sign-in', async () => {
    const res = await importTypes(undefined, { customNodes: [carried('custom.word-count')] });
    expect(res.statusCode).toBe(401);
  });

  it('creates a type under the file id when it is free, and reuses it on the next import', async () => {
    const user = await signUp(weft());
    const first = await importTypes(user, { customNodes: [carried('custom.word-count')] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ types: { 'custom.word-count': 'custom.word-count' }, created: 1 });
    const [made] = await typesOf(user);
    expect(made).toMatchObject({ type: 'custom.word-count', title: 'Word count', code: wordCountBody().code });
    const definitions = (await weft().app.inject({ method: 'GET', url: '/api/node-definitions', headers: user.headers })).json().definitions;
    expect(definitions.map((d: { type: string }) => d.type)).toContain('custom.word-count');

    const again = await importTypes(user, { customNodes: [carried('custom.word-count')] });
    expect(again.json()).toEqual({ types: { 'custom.word-count': 'custom.word-count' }, created: 0 });
    expect(await typesOf(user)).toHaveLength(1);
  });

  it('re-points a file id to an identical type the user has under another id', async () => {
    const user = await signUp(weft());
    const own = await createType(user);
    const res = await importTypes(user, { customNodes: [carried('custom.counter')] });
    expect(res.json()).toEqual({ types: { 'custom.counter': own.type }, created: 0 });
    expect(await typesOf(user)).toHaveLength(1);
  });

  it('gives a type whose id the user has for something else a new id, leaving theirs alone', async () => {
    const user = await signUp(weft());
    const own = await createType(user, wordCountBody({ code: 'return { count: 0 };' }));
    expect(own.type).toBe('custom.word-count');
    const res = await importTypes(user, { customNodes: [carried('custom.word-count'), carried('custom.shout', { title: 'Shout' })] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ types: { 'custom.word-count': 'custom.word-count-2', 'custom.shout': 'custom.shout' }, created: 2 });
    // Created in the same instant: sorted, as the list orders them by time, then random id.
    expect((await typesOf(user)).map((t) => [t.type, t.code]).sort()).toEqual([
      ['custom.shout', wordCountBody().code],
      ['custom.word-count', 'return { count: 0 };'],
      ['custom.word-count-2', wordCountBody().code],
    ]);
  });

  it("never reuses another user's type, even an identical one", async () => {
    const owner = await signUp(weft());
    const theirs = await createType(owner);
    const other = await signUp(weft());
    const res = await importTypes(other, { customNodes: [carried(theirs.type)] });
    expect(res.json()).toEqual({ types: { [theirs.type]: theirs.type }, created: 1 });
    const mine = await typesOf(other);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.id).not.toBe(theirs.id);
    expect(await typesOf(owner)).toEqual([expect.objectContaining({ id: theirs.id, type: theirs.type })]);
  });

  it('creates nothing when an entry is wrong, naming it', async () => {
    const user = await signUp(weft());
    const badPort = carried('custom.bad', { inputs: [{ id: 'Text', label: 'T', type: 'text' }] });
    const res = await importTypes(user, { customNodes: [carried('custom.fine'), badPort] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('customNodes.1 (custom.bad).inputs.0.id: Port ids start with a lowercase letter and use only a-z, 0-9, _ and -');

    const badId = await importTypes(user, { customNodes: [{ ...carried('custom.fine'), type: 'llm.chat' }] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('customNodes.0.type: expected a custom node type id such as "custom.word-count"');

    const twice = await importTypes(user, { customNodes: [carried('custom.fine'), carried('custom.fine')] });
    expect(twice.json().message).toBe('customNodes.1.type: "custom.fine" is listed twice');

    const noList = await importTypes(user, { nodes: [] });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().message).toBe('customNodes: expected a list of custom node types, as a workflow export carries them');
    expect(await typesOf(user)).toEqual([]);
  });
});
