import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { edge, insertWorkflow, node, workflow } from '../test-support/run-fixtures.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Issue 9, fault 3: the write that stores a run's end fails (here a trigger in the database
 * refuses it, as a full disk or an I/O error would). The caller must not be told a result
 * that was not stored; the write is tried again and, once the fault clears, lands.
 */
describe('the final write of a run fails for a while', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });

  it('keeps the run running (in answers and the row) until its end is stored, then answers it', async () => {
    const db = weft().services.db;
    await sql`CREATE TABLE fault (fail INTEGER NOT NULL)`.execute(db);
    await sql`INSERT INTO fault (fail) VALUES (1)`.execute(db);
    await sql`CREATE TRIGGER refuse_finish BEFORE UPDATE OF finished_at ON executions WHEN (SELECT fail FROM fault) = 1
      BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END`.execute(db);

    const user = await signUp(weft());
    const workflowId = await insertWorkflow(
      weft(),
      user.userId,
      workflow('Stored', [node('in', 'input.text', { text: 'kept' }), node('out', 'output')], [edge('in', 'out')]),
    );
    let answered = false;
    const waiting = weft()
      .app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} })
      .finally(() => {
        answered = true;
      });

    // The engine is done, the write keeps failing: every answer still says running.
    const row = () => db.selectFrom('executions').select(['id', 'status']).where('workflow_id', '=', workflowId).executeTakeFirst();
    await expect.poll(async () => (await row())?.id).toBeDefined();
    const id = (await row())?.id as string;
    await expect
      .poll(async () => (await weft().app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers })).json().execution.outputs)
      .toEqual({ out: 'kept' });
    const during = await weft().app.inject({ method: 'GET', url: `/api/executions/${id}`, headers: user.headers });
    expect(during.json().execution.status).toBe('running');
    expect((await row())?.status).toBe('running');
    expect(answered).toBe(false);

    // The fault clears: the retried write lands and only then the waiting caller hears success.
    await sql`UPDATE fault SET fail = 0`.execute(db);
    const answer = await waiting;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().execution).toMatchObject({ status: 'success', outputs: { out: 'kept' } });
    expect((await row())?.status).toBe('success');
  });
});
