import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { edge, insertWorkflow, node, workflow } from '../test-support/run-fixtures.js';
import { type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Issue 9, fault 3: the write that stores a run's end fails (here a trigger in the database
 * refuses it, as a full disk or an I/O error would). The caller must not be told a result
 * that was not stored; the write is tried again and, once the fault clears, lands. Both
 * kinds of end: the UPDATE of a row stored at the start, and the one INSERT of a run whose
 * caller waited for it and whose row was not yet written (unstored-row.ts).
 */
describe('the final write of a run fails for a while', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });

  async function faultyDatabase(): Promise<Kysely<Database>> {
    const db = weft().services.db;
    await sql`CREATE TABLE IF NOT EXISTS fault (fail INTEGER NOT NULL)`.execute(db);
    await sql`DELETE FROM fault`.execute(db);
    await sql`INSERT INTO fault (fail) VALUES (1)`.execute(db);
    await sql`CREATE TRIGGER IF NOT EXISTS refuse_finish BEFORE UPDATE OF finished_at ON executions WHEN (SELECT fail FROM fault) = 1
      BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END`.execute(db);
    await sql`CREATE TRIGGER IF NOT EXISTS refuse_finished_row BEFORE INSERT ON executions WHEN NEW.finished_at IS NOT NULL AND (SELECT fail FROM fault) = 1
      BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END`.execute(db);
    return db;
  }

  async function storedWorkflow(user: SignedIn): Promise<string> {
    return insertWorkflow(weft(), user.userId, workflow('Stored', [node('in', 'input.text', { text: 'kept' }), node('out', 'output')], [edge('in', 'out')]));
  }

  const detail = async (user: SignedIn, id: string) =>
    (await weft().app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers })).json().execution;

  it('keeps a run stored at its start running (in answers and the row) until its end is stored', async () => {
    const db = await faultyDatabase();
    const user = await signUp(weft());
    const workflowId = await storedWorkflow(user);
    // No caller waits for it: the row is written at the start.
    const started = await weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run`, headers: user.headers, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().execution.id as string;

    // The engine is done, the write keeps failing: every answer still says running.
    const row = () => db.selectFrom('executions').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    await expect.poll(async () => (await detail(user, id)).outputs).toEqual({ out: 'kept' });
    expect((await detail(user, id)).status).toBe('running');
    expect((await row())?.status).toBe('running');

    await sql`UPDATE fault SET fail = 0`.execute(db);
    await expect.poll(async () => (await row())?.status).toBe('success');
    expect((await detail(user, id)).status).toBe('success');
  });

  it('answers a waiting caller only once the one write of its run lands', async () => {
    const db = await faultyDatabase();
    const user = await signUp(weft());
    const workflowId = await storedWorkflow(user);
    let answered = false;
    const waiting = weft()
      .app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} })
      .finally(() => {
        answered = true;
      });

    // The run is held in memory, done but not stored: no row, every answer says running, the caller waits.
    await expect.poll(() => weft().services.runs.runningIds().length).toBe(1);
    const id = weft().services.runs.runningIds()[0] as string;
    await expect.poll(async () => (await detail(user, id)).outputs).toEqual({ out: 'kept' });
    expect((await detail(user, id)).status).toBe('running');
    expect(await db.selectFrom('executions').select('id').where('workflow_id', '=', workflowId).execute()).toEqual([]);
    expect(answered).toBe(false);

    await sql`UPDATE fault SET fail = 0`.execute(db);
    const answer = await waiting;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().execution).toMatchObject({ id, status: 'success', outputs: { out: 'kept' } });
    const stored = await db.selectFrom('executions').select(['id', 'status']).where('workflow_id', '=', workflowId).execute();
    expect(stored).toEqual([{ id, status: 'success' }]);
  });
});
