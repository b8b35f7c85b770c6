import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { createWeftPlace, removeWeftPlace, type WeftPlace } from '../test-support/restartable-weft.js';
import { edge, insertWorkflow, node, workflow } from '../test-support/run-fixtures.js';
import { type SourceWeft, signUpOn, startSourceWeft } from '../test-support/source-weft.js';
import { describeEachDatabase, type SignedIn, signUp, TEST_DATABASE_URL, useTestWeft } from '../test-support/test-weft.js';

/**
 * A run whose caller waits for its answer is written once, with its end, when it ends
 * within WEFT_RUN_STORE_AFTER_MS (unstored-row.ts, issue 24). Counted in the database by
 * triggers on the executions table: one INSERT and no UPDATE for such a run; INSERT then
 * UPDATE for a run nobody waits for, and for one that outlasts the limit (shown as running
 * meanwhile). And what a crash leaves: nothing for a run not yet written, whose caller got
 * no answer; the stored end of every run that was answered.
 */

describeEachDatabase('a run answered in its request is written once', (database) => {
  const weft = useTestWeft(database, { env: { WEFT_SCHEDULER: 'off', WEFT_ALLOW_PRIVATE_NETWORK: '1' } });
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer();
  });
  afterAll(() => peer.close());

  /** Counts the statements on executions, by kind, in a table of the test's own. */
  async function countWrites(): Promise<() => Promise<Record<string, number>>> {
    const db = weft().services.db;
    if (database === 'sqlite') {
      await sql`CREATE TABLE IF NOT EXISTS writes_seen (kind TEXT NOT NULL)`.execute(db);
      await sql`CREATE TRIGGER IF NOT EXISTS count_inserts AFTER INSERT ON executions BEGIN INSERT INTO writes_seen VALUES ('insert'); END`.execute(db);
      await sql`CREATE TRIGGER IF NOT EXISTS count_updates AFTER UPDATE ON executions BEGIN INSERT INTO writes_seen VALUES ('update'); END`.execute(db);
    } else {
      await sql`CREATE TABLE IF NOT EXISTS writes_seen (kind TEXT NOT NULL)`.execute(db);
      await sql`CREATE OR REPLACE FUNCTION count_write() RETURNS trigger AS $$ BEGIN INSERT INTO writes_seen VALUES (lower(TG_OP)); RETURN NULL; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE OR REPLACE TRIGGER count_writes AFTER INSERT OR UPDATE ON executions FOR EACH ROW EXECUTE FUNCTION count_write()`.execute(db);
    }
    await sql`DELETE FROM writes_seen`.execute(db);
    return async () => {
      const { rows } = await sql<{ kind: string }>`SELECT kind FROM writes_seen`.execute(db);
      const counts: Record<string, number> = {};
      for (const { kind } of rows) counts[kind] = (counts[kind] ?? 0) + 1;
      return counts;
    };
  }

  const run = (user: SignedIn, workflowId: string, wait: boolean) =>
    weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run${wait ? '?wait=true' : ''}`, headers: user.headers, payload: {} });

  it('writes a run that ends before the limit with one INSERT; one nobody waits for with an INSERT and an UPDATE', async () => {
    const user = await signUp(weft());
    const workflowId = await insertWorkflow(
      weft(),
      user.userId,
      workflow('Quick', [node('in', 'input.text', { text: 'hi' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const writes = await countWrites();

    const answered = await run(user, workflowId, true);
    expect(answered.json().execution).toMatchObject({ status: 'success', outputs: { out: 'hi' } });
    expect(await writes()).toEqual({ insert: 1 });
    const stored = await weft().app.inject({ method: 'GET', url: `/api/executions/${answered.json().execution.id}`, headers: user.headers });
    expect(stored.json().execution).toMatchObject({ status: 'success', outputs: { out: 'hi' } });

    const queued = await run(user, workflowId, false);
    expect(queued.statusCode).toBe(202);
    await weft().services.runs.waitFor(queued.json().execution.id);
    await expect.poll(writes).toEqual({ insert: 2, update: 1 });
  });

  it('writes a run that outlasts the limit as running meanwhile, then its end', async () => {
    const user = await signUp(weft());
    const slow = workflow(
      'Slow',
      [node('wait', 'http.request', { method: 'GET', url: `${peer.url}/slow?ms=1500`, responseAs: 'text' }), node('out', 'output')],
      [edge('wait', 'out')],
    );
    const workflowId = await insertWorkflow(weft(), user.userId, slow);
    const writes = await countWrites();
    const answer = run(user, workflowId, true);
    const db = weft().services.db;
    // Before the peer answers (1.5 s) the row is written on its own (0.5 s), as running.
    await expect
      .poll(() => db.selectFrom('executions').select('status').where('workflow_id', '=', workflowId).execute(), { timeout: 10_000 })
      .toEqual([{ status: 'running' }]);
    const ended = (await answer).json().execution;
    expect(ended.status, ended.error ?? '').toBe('success');
    expect(await writes()).toEqual({ insert: 1, update: 1 });
  });
});

describeEachDatabase('a run not yet written is listed', (database) => {
  const weft = useTestWeft(database, { env: { WEFT_SCHEDULER: 'off', WEFT_ALLOW_PRIVATE_NETWORK: '1', WEFT_RUN_STORE_AFTER_MS: '600000' } });
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer();
  });
  afterAll(() => peer.close());

  it('shows it first on the first page of the history, from memory, and from the table once it ends', async () => {
    const user = await signUp(weft());
    const slow = workflow(
      'Slow',
      [node('wait', 'http.request', { method: 'GET', url: `${peer.url}/slow?ms=1000`, responseAs: 'text' }), node('out', 'output')],
      [edge('wait', 'out')],
    );
    const workflowId = await insertWorkflow(weft(), user.userId, slow);
    const list = async (query = '') =>
      (await weft().app.inject({ method: 'GET', url: `/api/executions${query}`, headers: user.headers })).json().executions as { id: string; status: string }[];
    const answer = weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    await peer.waitForRequests(1, { timeoutMs: 30_000 });
    const [listed] = await list();
    expect(listed?.status).toBe('running');
    expect(await list(`?workflowId=${workflowId}&status=running`)).toHaveLength(1);
    expect(await list('?status=success')).toEqual([]);
    expect(await weft().services.db.selectFrom('executions').select('id').execute()).toEqual([]);
    const ended = (await answer).json().execution;
    expect(ended.id).toBe(listed?.id);
    expect((await list()).map((execution) => [execution.id, execution.status])).toEqual([[ended.id, 'success']]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('a crash while a run answered in its request is not yet written (%s, real process kill)', (database) => {
  let place: WeftPlace | undefined;
  let server: SourceWeft | undefined;
  let peer: HttpPeer | undefined;
  afterEach(async () => {
    await server?.kill();
    await peer?.close();
    if (place) removeWeftPlace(place);
    place = undefined;
    server = undefined;
  });

  it('leaves no row for it and every answered run stored', { timeout: 300_000 }, async () => {
    place = await createWeftPlace(database);
    peer = await startHttpPeer();
    const url = new URL(TEST_DATABASE_URL);
    if (place.schema) url.searchParams.set('options', `-c search_path=${place.schema}`);
    const env = {
      WEFT_ALLOW_PRIVATE_NETWORK: '1',
      // Long enough that the hanging run below cannot be written before the kill, however busy the machine.
      WEFT_RUN_STORE_AFTER_MS: '600000',
      ...(place.schema ? { DATABASE_URL: url.toString() } : {}),
    };
    const start = async () => {
      server = await startSourceWeft({ dataDir: (place as WeftPlace).dataDir, env });
      return server;
    };
    let weft = await start();
    const token = await signUpOn(weft);
    const create = async (name: string, url: string) => {
      const doc = workflow(name, [node('call', 'http.request', { method: 'GET', url, responseAs: 'text' }), node('out', 'output')], [edge('call', 'out')]);
      const created = await weft.call<{ workflow: { id: string } }>('POST', '/api/workflows', { body: doc, token });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.workflow.id;
    };
    const quick = await create('Quick', `${peer.url}/text`);
    const hanging = await create('Hanging', `${peer.url}/slow`);

    const answered = await weft.call<{ execution: { id: string; status: string } }>('POST', `/api/workflows/${quick}/run?wait=true`, { body: {}, token });
    expect(answered.body.execution.status).toBe('success');
    const caller = weft.call('POST', `/api/workflows/${hanging}/run?wait=true`, { body: {}, token }).then(
      () => 'answered',
      () => 'connection lost',
    );
    await peer.waitForRequests(2, { timeoutMs: 60_000 });
    await weft.kill();
    expect(await caller).toBe('connection lost');

    weft = await start();
    const listed = await weft.call<{ executions: { id: string; workflowId: string; status: string }[] }>('GET', '/api/executions', { token });
    expect(listed.body.executions.map((execution) => [execution.id, execution.workflowId, execution.status])).toEqual([
      [answered.body.execution.id, quick, 'success'],
    ]);
  });
});
