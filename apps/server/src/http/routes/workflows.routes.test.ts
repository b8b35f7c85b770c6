import type { WorkflowDocument } from '@weft/core';
import { expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase('workflow routes', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });

  const call = (user: SignedIn | null, method: Method, url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (user: SignedIn, document: Partial<WorkflowDocument> = greetingWorkflow()) => {
    const res = await call(user, 'POST', '/api/workflows', document);
    expect(res.statusCode).toBe(201);
    return res.json().workflow as WorkflowDocument & { id: string; version: number; createdAt: string; updatedAt: string };
  };

  it.each([
    ['GET', '/api/workflows'],
    ['POST', '/api/workflows'],
    ['GET', '/api/workflows/any-id'],
    ['PUT', '/api/workflows/any-id'],
    ['DELETE', '/api/workflows/any-id'],
    ['GET', '/api/workflows/any-id/export'],
    ['POST', '/api/workflows/import'],
  ] as [Method, string][])('%s %s answers 401 without a session', async (method, url) => {
    const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required. Please log in again.');
  });

  it('creates an empty workflow named My First Automation when nothing is given', async () => {
    const user = await signUp(weft());
    const res = await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().workflow).toMatchObject({ name: 'My First Automation', version: 1, schemaVersion: 1, nodes: [], edges: [], globalParameters: {} });
  });

  it('stores a workflow and answers it whole', async () => {
    const user = await signUp(weft());
    const created = await create(user, { ...greetingWorkflow(), name: '  Morning digest  ' });
    expect(created).toMatchObject({
      ...greetingWorkflow('Morning digest'),
      version: 1,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    const read = await call(user, 'GET', `/api/workflows/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().workflow).toEqual(created);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name: Workflow name is required'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, /^name: /],
    ['a malformed node', { nodes: [{ id: 'a', position: { x: 'left', y: 0 }, data: { label: 'A', type: 'input.text' } }] }, /^nodes\.0\.position\.x: /],
    [
      'a node named __proto__ (its output would vanish into the prototype)',
      { nodes: [{ id: '__proto__', position: { x: 0, y: 0 }, data: { label: 'P', type: 'input.text', config: {} } }] },
      'nodes.0.id: This node id is reserved (__proto__, constructor and prototype are); use another',
    ],
    [
      'settings nested 100 levels deep',
      {
        nodes: [
          { id: 'a', position: { x: 0, y: 0 }, data: { label: 'A', type: 'input.text', config: { deep: JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) } } },
        ],
      },
      /more than 64 levels deep/,
    ],
    [
      'an unknown node type',
      { nodes: [{ id: 'n3', position: { x: 0, y: 0 }, data: { label: 'Mystery', type: 'foo.bar', config: {} } }] },
      'Node "n3" has unknown type "foo.bar"',
    ],
    [
      'an edge to a handle the node lacks',
      { ...greetingWorkflow(), edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'nope' }] },
      'Edge "e1" ends at input "nope", which node "out" (Output) does not have',
    ],
    [
      'an edge to a node that is not there',
      { ...greetingWorkflow(), edges: [{ id: 'e9', source: 'in', sourceHandle: 'output', target: 'ghost', targetHandle: 'input' }] },
      'Edge "e9" ends at node "ghost", which is not in the workflow',
    ],
    [
      'a cycle',
      {
        nodes: ['m1', 'm2'].map((id) => ({ id, position: { x: 0, y: 0 }, data: { label: id, type: 'merge', config: {} } })),
        edges: [
          { id: 'a', source: 'm1', sourceHandle: 'output', target: 'm2', targetHandle: 'input-0' },
          { id: 'b', source: 'm2', sourceHandle: 'output', target: 'm1', targetHandle: 'input-0' },
        ],
      },
      /^Edge "b" closes a loop \(m1 → m2 → m1\)/,
    ],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_title, document, message) => {
    const user = await signUp(weft());
    const res = await call(user, 'POST', '/api/workflows', document);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await weft().services.workflows.count(user.userId)).toBe(0);
  });

  it('stores an HTTP Request → LLM → Slack workflow and saves it again', async () => {
    const user = await signUp(weft());
    const node = (id: string, type: string, config: Record<string, unknown> = {}) => ({ id, position: { x: 0, y: 0 }, data: { label: id, type, config } });
    const edge = (id: string, source: string, sourceHandle: string, target: string, targetHandle: string) => ({
      id,
      source,
      sourceHandle,
      target,
      targetHandle,
    });
    const document = {
      name: 'Digest',
      nodes: [node('http', 'http.request', { url: 'https://example.com', responseAs: 'text' }), node('llm', 'llm.chat'), node('slack', 'slack.message')],
      edges: [edge('e1', 'http', 'output', 'llm', 'input'), edge('e2', 'llm', 'output', 'slack', 'input')],
    };
    const created = await create(user, document as Partial<WorkflowDocument>);
    expect(created.nodes.map((n) => n.data.type)).toEqual(['http.request', 'llm.chat', 'slack.message']);
    const saved = await call(user, 'PUT', `/api/workflows/${created.id}`, { baseVersion: 1, document: { ...document, name: 'Digest 2' } });
    expect(saved.statusCode).toBe(200);
  });

  it('lists only the caller workflows, newest change first, with dashboard fields', async () => {
    const user = await signUp(weft());
    const other = await signUp(weft());
    await create(other);
    const older = await create(user, { name: 'Older' });
    clock.advance(1000);
    const newer = await create(user, greetingWorkflow('Newer'));
    const res = await call(user, 'GET', '/api/workflows');
    expect(res.statusCode).toBe(200);
    expect(res.json().workflows).toEqual([
      {
        id: newer.id,
        name: 'Newer',
        version: 1,
        nodeCount: 2,
        lastRunStatus: null,
        lastRunAt: null,
        schedule: null,
        createdAt: newer.createdAt,
        updatedAt: newer.updatedAt,
      },
      {
        id: older.id,
        name: 'Older',
        version: 1,
        nodeCount: 0,
        lastRunStatus: null,
        lastRunAt: null,
        schedule: null,
        createdAt: older.createdAt,
        updatedAt: older.updatedAt,
      },
    ]);
  });

  it('saves against the version it started from and refuses a stale save', async () => {
    const user = await signUp(weft(), { displayName: 'Grace Hopper' });
    const created = await create(user);
    clock.advance(5000);
    const document = { ...greetingWorkflow('Renamed'), nodes: greetingWorkflow().nodes.slice(0, 1), edges: [] };
    const saved = await call(user, 'PUT', `/api/workflows/${created.id}`, { baseVersion: 1, document });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().workflow).toMatchObject({
      id: created.id,
      name: 'Renamed',
      version: 2,
      createdAt: created.createdAt,
      updatedAt: clock.now().toISOString(),
    });
    expect(saved.json().workflow.nodes).toHaveLength(1);

    const stale = await call(user, 'PUT', `/api/workflows/${created.id}`, { baseVersion: 1, document: greetingWorkflow('Lost edit') });
    expect(stale.statusCode).toBe(409);
    // The editor's conflict dialog names the newer version, who saved it and when.
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      message: 'This workflow was changed elsewhere: version 2 was saved by Grace Hopper after you opened it. Load it again, or save yours as a new workflow.',
      currentVersion: 2,
      savedBy: 'Grace Hopper',
      savedAt: saved.json().workflow.updatedAt,
    });
    const read = await call(user, 'GET', `/api/workflows/${created.id}`);
    expect(read.json().workflow).toMatchObject({ name: 'Renamed', version: 2 });
    const list = await call(user, 'GET', '/api/workflows');
    expect(list.json().workflows[0]).toMatchObject({ name: 'Renamed', nodeCount: 1, version: 2 });
  });

  it('lets exactly one of two saves from the same version win', async () => {
    const user = await signUp(weft());
    const created = await create(user);
    const answers = await Promise.all(
      ['First', 'Second'].map((name) => call(user, 'PUT', `/api/workflows/${created.id}`, { baseVersion: 1, document: greetingWorkflow(name) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await call(user, 'GET', `/api/workflows/${created.id}`)).json().workflow.version).toBe(2);
  });

  it.each([
    [{ document: greetingWorkflow() }, /^baseVersion: baseVersion is required/],
    [{ baseVersion: 'one', document: greetingWorkflow() }, /^baseVersion: /],
    [{ baseVersion: 1 }, /^document: /],
    [{ baseVersion: 1, document: { ...greetingWorkflow(), name: '' } }, 'document.name: Workflow name is required'],
    [{ baseVersion: 1, document: { ...greetingWorkflow(), nodes: [] } }, 'Edge "e1" starts at node "in", which is not in the workflow'],
  ])('refuses the save %j and keeps the stored version', async (payload, message) => {
    const user = await signUp(weft());
    const created = await create(user);
    const res = await call(user, 'PUT', `/api/workflows/${created.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await call(user, 'GET', `/api/workflows/${created.id}`)).json().workflow).toEqual(created);
  });

  it('deletes a workflow', async () => {
    const user = await signUp(weft());
    const created = await create(user);
    expect((await call(user, 'DELETE', `/api/workflows/${created.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/workflows/${created.id}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/workflows/${created.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', ''],
    ['GET', '/export'],
  ] as [Method, string][])("%s answers 404 for another user's workflow%s and for a missing one, and changes nothing", async (method, suffix) => {
    const owner = await signUp(weft());
    const intruder = await signUp(weft());
    const created = await create(owner);
    const payload = method === 'PUT' ? { baseVersion: 1, document: greetingWorkflow('Hijacked') } : undefined;
    for (const id of [created.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call(intruder, method, `/api/workflows/${id}${suffix}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Workflow not found');
    }
    expect((await call(owner, 'GET', `/api/workflows/${created.id}`)).json().workflow).toEqual(created);
    expect((await call(intruder, 'GET', '/api/workflows')).json().workflows).toEqual([]);
  });
});
