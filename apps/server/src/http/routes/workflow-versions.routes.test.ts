import type { WorkflowDocument, WorkflowVersionSummary } from '@weft/core';
import { expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

/** The greeting with an LLM Chat between input and output, its key pasted in plain text. */
function withChat(document: WorkflowDocument, apiKey: string): WorkflowDocument {
  const [input, output] = document.nodes;
  if (!input || !output) throw new Error('greeting has two nodes');
  return {
    ...document,
    nodes: [
      input,
      { id: 'chat', type: 'custom', position: { x: 150, y: 0 }, data: { label: 'LLM Chat', type: 'llm.chat', config: { prompt: '{{input}}', apiKey } } },
      output,
    ],
    edges: [
      { id: 'a', source: 'in', sourceHandle: 'output', target: 'chat', targetHandle: 'input', type: 'custom', data: { type: 'text' } },
      { id: 'b', source: 'chat', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } },
    ],
  };
}

function withText(document: WorkflowDocument, text: string): WorkflowDocument {
  return { ...document, nodes: document.nodes.map((n) => (n.id === 'in' ? { ...n, data: { ...n.data, config: { ...n.data.config, text } } } : n)) };
}

describeEachDatabase('workflow version history routes', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });

  const call = (user: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    weft().app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const create = async (user: SignedIn, document: WorkflowDocument = greetingWorkflow()) => {
    const res = await call(user, 'POST', '/api/workflows', document);
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };
  const save = async (user: SignedIn, id: string, baseVersion: number, document: WorkflowDocument) => {
    clock.advance(60_000);
    const res = await call(user, 'PUT', `/api/workflows/${id}`, { baseVersion, document });
    expect(res.statusCode).toBe(200);
  };
  const versions = async (user: SignedIn, id: string) => {
    const res = await call(user, 'GET', `/api/workflows/${id}/versions`);
    expect(res.statusCode).toBe(200);
    return res.json().versions as WorkflowVersionSummary[];
  };
  const setRetention = (user: SignedIn, body: object) => call(user, 'PUT', '/api/me/version-retention', body);

  it('keeps every save with who, when and what changed, newest first', async () => {
    const user = await signUp(weft(), { displayName: 'Ada Lovelace' });
    const id = await create(user);
    await save(user, id, 1, withChat(greetingWorkflow(), '{{secrets.OPENAI_API_KEY}}'));
    await save(user, id, 2, withText(withChat(greetingWorkflow(), '{{secrets.OPENAI_API_KEY}}'), 'Bonjour'));

    const list = await versions(user, id);
    expect(list).toEqual([
      expect.objectContaining({ version: 3, summary: 'Changed text of Text Input', current: true, author: 'Ada Lovelace', restoredFrom: null }),
      expect.objectContaining({ version: 2, summary: 'Added LLM Chat, added 2 connections, removed 1 connection', current: false }),
      expect.objectContaining({ version: 1, summary: 'Created with 2 nodes', current: false, name: 'Greeting', executionCount: 0 }),
    ]);
    expect(new Date(list[0]?.createdAt ?? '').getTime()).toBeGreaterThan(new Date(list[2]?.createdAt ?? '').getTime());
  });

  it('diffs a version against the current workflow with field names and both values, secrets hidden', async () => {
    const user = await signUp(weft());
    const id = await create(user, withChat(greetingWorkflow(), 'sk-pasted-by-mistake'));
    await save(user, id, 1, withText(withChat(greetingWorkflow(), '{{secrets.OPENAI_API_KEY}}'), 'Hi'));

    const res = await call(user, 'GET', `/api/workflows/${id}/versions/1`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('sk-pasted');
    const detail = res.json().version;
    expect(detail).toMatchObject({ version: 1, currentVersion: 2, nodeCount: 3, current: false });
    const changed = detail.diffToCurrent.nodes.changed;
    expect(changed).toEqual([
      expect.objectContaining({ id: 'in', fields: [{ key: 'text', label: 'Text', before: 'Hello {{params.tone}}', after: 'Hi' }] }),
      expect.objectContaining({
        id: 'chat',
        fields: [{ key: 'apiKey', label: 'API key', before: '(hidden: a plain value, not a secret reference)', after: '{{secrets.OPENAI_API_KEY}}' }],
      }),
    ]);
  });

  it('restores a version as a new one through the optimistic save, and a stale editor gets 409', async () => {
    const user = await signUp(weft());
    const id = await create(user);
    await save(user, id, 1, withChat(greetingWorkflow(), ''));

    const stale = await call(user, 'POST', `/api/workflows/${id}/versions/1/restore`, { baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', message: expect.stringContaining('version 2') });

    const res = await call(user, 'POST', `/api/workflows/${id}/versions/1/restore`, { baseVersion: 2 });
    expect(res.statusCode).toBe(200);
    const { id: _id, version, createdAt: _c, updatedAt: _u, ...document } = res.json().workflow;
    expect(version).toBe(3);
    expect(document).toEqual(greetingWorkflow());
    expect((await call(user, 'GET', `/api/workflows/${id}`)).json().workflow).toMatchObject({ version: 3, nodes: greetingWorkflow().nodes });
    expect((await versions(user, id)).map((v) => [v.version, v.summary, v.restoredFrom])).toEqual([
      [3, 'Restored version 1: removed LLM Chat, added 1 connection, removed 2 connections', 1],
      [2, 'Added LLM Chat, added 2 connections, removed 1 connection', null],
      [1, 'Created with 2 nodes', null],
    ]);
  });

  it('keeps a version for import and duplicate too', async () => {
    const user = await signUp(weft());
    const imported = await call(user, 'POST', '/api/workflows/import', { weft: 'workflow', ...greetingWorkflow('Imported') });
    expect(imported.statusCode).toBe(201);
    expect((await versions(user, imported.json().workflow.id)).map((v) => v.summary)).toEqual(['Imported with 2 nodes']);
    const copy = await call(user, 'POST', `/api/workflows/${imported.json().workflow.id}/duplicate`);
    expect((await versions(user, copy.json().workflow.id)).map((v) => v.summary)).toEqual(['Copied from "Imported"']);
  });

  it('answers 401 without a session, 404 for another user, and says what is wrong with bad input', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const id = await create(owner);
    expect((await call(null, 'GET', `/api/workflows/${id}/versions`)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `/api/workflows/${id}/versions`],
      ['GET', `/api/workflows/${id}/versions/1`],
      ['POST', `/api/workflows/${id}/versions/1/restore`],
    ] as const) {
      const res = await call(other, method, url, method === 'POST' ? { baseVersion: 1 } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Workflow not found');
    }
    const missing = await call(owner, 'GET', `/api/workflows/${id}/versions/7`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('Version 7 of this workflow is not kept');
    expect((await call(owner, 'POST', `/api/workflows/${id}/versions/7/restore`, { baseVersion: 1 })).statusCode).toBe(404);
    const badVersion = await call(owner, 'GET', `/api/workflows/${id}/versions/abc`);
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().message).toBe('version: version must be a whole number');
    const noBase = await call(owner, 'POST', `/api/workflows/${id}/versions/1/restore`, {});
    expect(noBase.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('baseVersion is required') });
  });

  it('prunes by the retention rule but never the current version or one a stored run used', async () => {
    const user = await signUp(weft());
    expect((await call(user, 'GET', '/api/me/version-retention')).json()).toEqual({ retention: { mode: 'all' } });
    const id = await create(user);
    await save(user, id, 1, withText(greetingWorkflow(), 'two'));
    const run = await call(user, 'POST', `/api/workflows/${id}/run?wait=true`);
    expect(run.json().execution).toMatchObject({ status: 'success', workflowVersion: 2 });
    for (const [base, text] of [
      [2, 'three'],
      [3, 'four'],
      [4, 'five'],
    ] as const) {
      await save(user, id, base, withText(greetingWorkflow(), text));
    }
    expect((await versions(user, id)).map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);

    const kept = await setRetention(user, { mode: 'count', amount: 2 });
    expect(kept.json()).toEqual({ retention: { mode: 'count', amount: 2 }, pruned: 2 });
    const list = await versions(user, id);
    expect(list.map((v) => [v.version, v.executionCount])).toEqual([
      [5, 0],
      [4, 0],
      [2, 1],
    ]);

    await save(user, id, 5, withText(greetingWorkflow(), 'six'));
    expect((await versions(user, id)).map((v) => v.version)).toEqual([6, 5, 2]);

    // Days: everything older than a day goes, save the current version and the run's.
    clock.advance(2 * 86_400_000);
    expect((await setRetention(user, { mode: 'days', amount: 1 })).json().pruned).toBe(1);
    expect((await versions(user, id)).map((v) => v.version)).toEqual([6, 2]);
    expect((await call(user, 'GET', '/api/me/version-retention')).json()).toEqual({ retention: { mode: 'days', amount: 1 } });
  });

  it("refuses a retention rule it cannot apply, and another user's rule is theirs", async () => {
    const user = await signUp(weft());
    const other = await signUp(weft());
    for (const [body, message] of [
      [{ mode: 'count', amount: 0 }, 'amount: Keep at least 1 version'],
      [{ mode: 'days' }, 'amount: amount is required: for how many days to keep versions'],
      [{ mode: 'weekly' }, 'mode: mode must be "all", "count" or "days"'],
      [{ mode: 'count', amount: 2.5 }, 'amount: Keep a whole number of versions'],
    ] as const) {
      const res = await setRetention(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await setRetention(user, { mode: 'count', amount: 3 })).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/me/version-retention')).json()).toEqual({ retention: { mode: 'all' } });
  });
});
