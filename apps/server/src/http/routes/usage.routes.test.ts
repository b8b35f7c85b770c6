import { expect, it } from 'vitest';
import { createWorkflow, edge, node, runAndWait, workflow } from '../../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

const MB = 1024 * 1024;

/**
 * Issue 19: one user stored 400 MB of files in 22 s. Files, collections and kept executions
 * have per-user quotas; uploads and Embed & Store are refused at theirs, naming it, its
 * setting and the usage, and kept executions roll over like retention. Small quotas here.
 */
describeEachDatabase('per-user storage quotas and GET /api/me/usage', (database) => {
  const weft = useTestWeft(database, {
    env: { WEFT_FILES_QUOTA_MB: '1', WEFT_VECTOR_CHUNKS_QUOTA: '6', WEFT_EXECUTIONS_QUOTA: '5', WEFT_SCHEDULES_PER_USER: '7', WEFT_SCHEDULER: 'off' },
  });
  const usage = async (user: SignedIn) => {
    const res = await weft().app.inject({ method: 'GET', url: '/api/me/usage', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const upload = (user: SignedIn, name: string, bytes: number) =>
    weft().app.inject({
      method: 'POST',
      url: `/api/files?name=${encodeURIComponent(name)}`,
      headers: { ...user.headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(bytes, 'a'),
    });

  it('answers the caller’s own usage against every quota, and nobody’s without a caller', async () => {
    expect((await weft().app.inject({ method: 'GET', url: '/api/me/usage' })).statusCode).toBe(401);
    const user = await signUp(weft());
    expect(await usage(user)).toEqual({
      files: { used: 0, limit: MB, count: 0 },
      vectorChunks: { used: 0, limit: 6, collections: 0 },
      executions: { used: 0, limit: 5 },
      schedules: { used: 0, limit: 7 },
    });
    const other = await signUp(weft());
    expect((await upload(other, 'theirs.txt', 1000)).statusCode).toBe(201);
    expect((await usage(user)).files).toEqual({ used: 0, limit: MB, count: 0 });
  });

  it('refuses an upload past the files quota with a 413 naming it, its setting and the usage', async () => {
    const user = await signUp(weft());
    const first = await upload(user, 'first.txt', 600 * 1024);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(user, 'second.txt', 600 * 1024);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({
      code: 'over_quota',
      detail:
        'This upload (0.6 MB) would take your files to 1.2 MB, over your storage quota of 1 MB (WEFT_FILES_QUOTA_MB); you use 0.6 MB. Delete files you no longer need in Settings → Files, or ask whoever runs this Weft to raise the quota.',
    });
    expect(await usage(user)).toMatchObject({ files: { used: 600 * 1024, limit: MB, count: 1 } });
    // Room again once a file goes.
    expect((await weft().app.inject({ method: 'DELETE', url: `/api/files/${first.json().file.id}`, headers: user.headers })).statusCode).toBe(204);
    expect((await upload(user, 'second.txt', 600 * 1024)).statusCode).toBe(201);
  });

  it('fails an Embed & Store past the chunk quota with the quota in its message, storing nothing; Replace counts what it frees', async () => {
    const user = await signUp(weft());
    const chunks = await weft().app.inject({
      method: 'POST',
      url: '/api/custom-nodes',
      headers: user.headers,
      payload: {
        title: 'Chunks from JSON',
        description: 'Parses a JSON list of texts into chunks.',
        inputs: [{ id: 'json', label: 'JSON', type: 'text' }],
        outputs: [{ id: 'chunks', label: 'Chunks', type: 'chunks' }],
        config: [],
        code: 'return { chunks: JSON.parse(inputs.json).map((text) => ({ text, metadata: { source: "notes.md" } })) };',
      },
    });
    expect(chunks.statusCode, chunks.body).toBe(201);
    const index = (collection: string, mode: string) =>
      createWorkflow(
        weft(),
        user,
        workflow(
          `Index ${collection}`,
          [
            node('docs', 'input.text', { text: '[]', askOnRun: true }),
            node('parse', chunks.json().customNode.type),
            node('store', 'rag.store', { collection, mode, provider: 'none', model: '' }),
            node('summary', 'output'),
          ],
          [edge('docs', 'parse', 'output', 'json'), edge('parse', 'store', 'chunks', 'input'), edge('store', 'summary')],
        ),
      );
    const texts = (prefix: string) => JSON.stringify([1, 2, 3, 4].map((i) => `${prefix} note number ${i}`));
    const replaceA = await index('a', 'replace');
    expect((await runAndWait(weft(), user, replaceA, { docs: texts('first') })).status).toBe('success');

    const intoB = await runAndWait(weft(), user, await index('b', 'append'), { docs: texts('second') });
    expect(intoB.status).toBe('error');
    expect(intoB.nodes.store?.error).toContain(
      'Storing 4 new chunks would take your collections to 8 chunks, over your quota of 6 (WEFT_VECTOR_CHUNKS_QUOTA); they hold 4 now.',
    );
    const collections = await weft().app.inject({ method: 'GET', url: '/api/collections', headers: user.headers });
    expect(collections.json().collections.map((c: { name: string }) => c.name)).toEqual(['a']);

    // Replacing "a" with four other chunks ends at four: allowed, though eight are held for a moment.
    expect((await runAndWait(weft(), user, replaceA, { docs: texts('third') })).status).toBe('success');
    expect((await usage(user)).vectorChunks).toEqual({ used: 4, limit: 6, collections: 1 });
  });

  it('keeps the newest executions up to the quota, deleting the oldest finished ones', async () => {
    const user = await signUp(weft());
    const workflowId = await createWorkflow(weft(), user, greetingWorkflow());
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await runAndWait(weft(), user, workflowId)).id);
    const kept = async () =>
      (await weft().services.db.selectFrom('executions').select('id').where('user_id', '=', user.userId).execute()).map((row) => row.id).sort();
    await expect.poll(kept).toEqual(ids.slice(3).sort());
    expect((await usage(user)).executions).toEqual({ used: 5, limit: 5 });
    // The hourly sweep holds the same line.
    expect(await weft().services.runs.sweepRetention()).toBe(0);
  });
});
