import { WORKFLOW_SCHEMA_VERSION } from '@weft/core';
import { expect, it } from 'vitest';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

/** Config values checked on save (wrong values refused, empty ones kept) and stored documents read through the migrations. */
describeEachDatabase('workflow documents: config on save, stored versions', (database) => {
  const weft = useTestWeft(database);

  const node = (id: string, label: string, type: string, config: Record<string, unknown>) => ({ id, position: { x: 0, y: 0 }, data: { label, type, config } });
  const fetchFeed = (config: Record<string, unknown>) => ({ name: 'Feed', nodes: [node('http', 'Fetch Feed', 'http.request', config)] });
  const post = (user: SignedIn, payload: unknown) =>
    weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: payload as object });

  it.each([
    [
      'an unknown select option',
      { url: 'https://example.com/feed', method: 'FETCH' },
      'Node "Fetch Feed": Method must be one of GET, POST, PUT, PATCH, DELETE, HEAD',
    ],
    ['an out-of-range number', { url: 'https://example.com/feed', timeoutSeconds: 900 }, 'Node "Fetch Feed": Timeout (seconds) must be at most 300'],
    ['a value of the wrong kind', { url: 42 }, 'Node "Fetch Feed": URL must be text'],
  ])('refuses to create a workflow holding %s with a 400 naming node and field', async (_title, config, message) => {
    const user = await signUp(weft());
    const res = await post(user, fetchFeed(config));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers })).json().workflows).toEqual([]);
  });

  it('saves a workflow whose required fields are still empty', async () => {
    const user = await signUp(weft());
    const res = await post(user, {
      name: 'Unfinished',
      nodes: [node('http', 'Fetch Feed', 'http.request', { url: '', method: 'GET' }), node('llm', 'Summarise', 'llm.chat', { model: '  ', prompt: null })],
    });
    expect(res.statusCode).toBe(201);
  });

  it('counts every wrong value, and checks saves and imports alike', async () => {
    const user = await signUp(weft());
    const created = (await post(user, greetingWorkflow())).json().workflow;
    const document = { ...fetchFeed({ url: 'https://example.com', method: 'FETCH', timeoutSeconds: 0 }) };
    const saved = await weft().app.inject({ method: 'PUT', url: `/api/workflows/${created.id}`, headers: user.headers, payload: { baseVersion: 1, document } });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe('Node "Fetch Feed": Method must be one of GET, POST, PUT, PATCH, DELETE, HEAD (and 1 more problem)');
    const imported = await weft().app.inject({
      method: 'POST',
      url: '/api/workflows/import',
      headers: user.headers,
      payload: { weft: 'workflow', ...document },
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toMatch(/^Node "Fetch Feed": Method must be one of/);
  });

  /** Writes a row as an older (or newer) Weft left it, bypassing the save check. */
  async function storeRaw(user: SignedIn, document: unknown): Promise<string> {
    const created = (await post(user, greetingWorkflow('Stored'))).json().workflow;
    await weft()
      .services.db.updateTable('workflows')
      .set({ document: JSON.stringify(document) })
      .where('id', '=', created.id)
      .execute();
    return created.id;
  }

  it('reads a document stored before schemaVersion existed, upgraded', async () => {
    const user = await signUp(weft());
    const id = await storeRaw(user, {
      name: 'Stored',
      nodes: [
        { id: 'in', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', config: { text: 'Hi' } } },
        { id: 'out', position: { x: 300, y: 0 }, data: { label: 'Output', type: 'output' } },
      ],
      edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input' }],
    });
    const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().workflow).toMatchObject({
      schemaVersion: WORKFLOW_SCHEMA_VERSION,
      globalParameters: {},
      nodes: [{ type: 'custom' }, { type: 'custom', data: { config: {} } }],
      edges: [{ id: 'e1', type: 'custom', data: {} }],
    });
  });

  it('answers 409 for a stored document newer than this Weft, and still lists it', async () => {
    const user = await signUp(weft());
    const id = await storeRaw(user, { ...greetingWorkflow('Stored'), schemaVersion: WORKFLOW_SCHEMA_VERSION + 1 });
    const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}`, headers: user.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This workflow uses document version \d+, newer than this Weft understands/);
    const list = await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers });
    expect(list.json().workflows).toMatchObject([{ id, nodeCount: 0 }]);
  });
});
