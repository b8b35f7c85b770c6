import { expect, it } from 'vitest';
import { describeEachDatabase, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

describeEachDatabase('workflow import and export', (database) => {
  const weft = useTestWeft(database);

  const importFile = (headers: Record<string, string>, payload: unknown) =>
    weft().app.inject({
      method: 'POST',
      url: '/api/workflows/import',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('exports the document as a download in the export format', async () => {
    const user = await signUp(weft());
    const created = (
      await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: greetingWorkflow('Café (daily) digest') })
    ).json().workflow;
    const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${created.id}/export`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="cafe-daily-digest.weft.json"; filename*=UTF-8''Caf%C3%A9%20%28daily%29%20digest.weft.json`,
    );
    expect(res.json()).toEqual({ weft: 'workflow', ...greetingWorkflow('Café (daily) digest') });
  });

  it('imports an export as a new workflow of the caller, and round-trips it', async () => {
    const owner = await signUp(weft());
    const created = (await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: owner.headers, payload: greetingWorkflow() })).json().workflow;
    const exported = (await weft().app.inject({ method: 'GET', url: `/api/workflows/${created.id}/export`, headers: owner.headers })).body;

    const other = await signUp(weft());
    const res = await importFile(other.headers, exported);
    expect(res.statusCode).toBe(201);
    const imported = res.json().workflow;
    expect(imported.id).not.toBe(created.id);
    expect(imported).toMatchObject({ ...greetingWorkflow(), version: 1 });
    expect(await weft().services.workflows.count(other.userId)).toBe(1);
    const again = await weft().app.inject({ method: 'GET', url: `/api/workflows/${imported.id}/export`, headers: other.headers });
    expect(again.body).toBe(exported);
  });

  it('imports a bare document too, naming it by default when it has no name', async () => {
    const user = await signUp(weft());
    const { name: _name, ...unnamed } = greetingWorkflow();
    const res = await importFile(user.headers, unnamed);
    expect(res.statusCode).toBe(201);
    expect(res.json().workflow).toMatchObject({ name: 'My First Automation', nodes: unnamed.nodes });
  });

  const n8nExport = {
    name: 'My n8n flow',
    nodes: [{ parameters: {}, name: 'Start', type: 'n8n-nodes-base.start', typeVersion: 1, position: [250, 300] }],
    connections: {},
  };

  it.each([
    ['malformed JSON', '{"weft": "workflow", "name": ', /^The file is not valid JSON \(.+\)\.$/],
    ['an empty file', '', 'The file is empty; expected a Weft workflow export (JSON).'],
    ['a prototype-poisoning key', '{"__proto__": {"admin": true}, "nodes": []}', 'The file contains a "__proto__" or "constructor" key, which Weft refuses.'],
    ['a list', [greetingWorkflow()], 'A workflow file holds one JSON object, but this one holds a list.'],
    ['a string', '"workflow"', 'A workflow file holds one JSON object, but this one holds a string.'],
    ['another kind of Weft file', { weft: 'template', name: 'T' }, 'This is a Weft "template" file, not a workflow export ("weft" must be "workflow").'],
    ['foreign JSON', { hello: 'world' }, /^This is not a Weft workflow: expected an export with "weft": "workflow"/],
    ['an n8n export', n8nExport, /^Not a valid Weft workflow file: nodes\.0\.id: /],
    [
      'an unknown node type',
      { weft: 'workflow', ...greetingWorkflow(), nodes: [{ ...greetingWorkflow().nodes[0], data: { label: 'X', type: 'foo.bar', config: {} } }] },
      /^Node "in" has unknown type "foo\.bar"/,
    ],
    [
      'a newer document version',
      { weft: 'workflow', ...greetingWorkflow(), schemaVersion: 2 },
      /^This workflow uses document version 2, newer than this Weft understands \(1\)/,
    ],
    [
      'a bad global parameter',
      { weft: 'workflow', ...greetingWorkflow(), globalParameters: { '1x': { key: '1x', value: 'v' } } },
      /^Not a valid Weft workflow file: globalParameters\.1x\.key: /,
    ],
  ])('refuses %s with a 400 naming the problem and creates nothing', async (_title, payload, message) => {
    const user = await signUp(weft());
    const res = await importFile(user.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await weft().services.workflows.count(user.userId)).toBe(0);
  });

  it('keeps the ordinary JSON error for other routes', async () => {
    const user = await signUp(weft());
    const res = await weft().app.inject({
      method: 'POST',
      url: '/api/workflows',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/The file/);
  });
});
