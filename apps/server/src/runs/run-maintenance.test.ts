import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ExecutionRow } from '../db/schema.js';
import type { Weft } from '../main.js';
import { newId } from '../platform/tokens.js';
import { createWeftPlace, removeWeftPlace, startWeftAt } from '../test-support/restartable-weft.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, signUp, startTestWeft, type TestWeft, useTestWeft } from '../test-support/test-weft.js';

const DAY = 24 * 60 * 60_000;

/** A stored execution row as a finished run would leave it, `ageMs` old. */
function executionRow(userId: string, workflowId: string, ageMs: number, overrides: Partial<ExecutionRow> = {}): ExecutionRow {
  const at = new Date(Date.now() - ageMs).toISOString();
  return {
    id: newId(),
    user_id: userId,
    workflow_id: workflowId,
    workflow_name: 'W',
    workflow_version: 1,
    data_kept: 'all',
    trigger: 'manual',
    status: 'success',
    error: null,
    inputs: '{}',
    outputs: '{}',
    nodes: '{}',
    usage: null,
    events: '[]',
    idempotency_key: null,
    schedule_id: null,
    scheduled_for: null,
    created_at: at,
    started_at: at,
    finished_at: at,
    duration_ms: 1,
    runner_id: null,
    heartbeat_at: at,
    replay_of: null,
    parent_execution_id: null,
    orphaned: 0,
    rebuild_inputs: null,
    requeues: 0,
    input_tokens: null,
    output_tokens: null,
    cost_usd: null,
    cost_incomplete: 0,
    ...overrides,
  };
}

async function simpleWorkflow(weft: Weft, name: string) {
  const user = await signUp(weft);
  const workflowId = await createWorkflow(weft, user, workflow(name, [node('in', 'input.text', { text: 'x' }), node('out', 'output')], [edge('in', 'out')]));
  return { user, workflowId };
}

async function sqlitePragma(weft: TestWeft, name: string): Promise<number> {
  const result = await sql<Record<string, number>>`${sql.raw(`PRAGMA ${name}`)}`.execute(weft.services.db);
  return Number(Object.values(result.rows[0] ?? {})[0]);
}

describeEachDatabase('Execution retention', (database) => {
  const getWeft = useTestWeft(database, { env: { WEFT_EXECUTIONS_MAX_AGE_DAYS: '30', WEFT_EXECUTIONS_MAX_PER_WORKFLOW: '3' } });

  it('deletes finished executions past the age limit and beyond the count per workflow, never running ones', async () => {
    const weft = getWeft();
    const { user, workflowId: crowded } = await simpleWorkflow(weft, 'Crowded');
    const { workflowId: old } = await simpleWorkflow(weft, 'Old');
    const crowdedRows = Array.from({ length: 6 }, (_, index) => executionRow(user.userId, crowded, index * 60_000));
    const oldFinished = executionRow(user.userId, old, 40 * DAY);
    const oldRunning = executionRow(user.userId, old, 41 * DAY, { status: 'running', finished_at: null });
    const recent = executionRow(user.userId, old, 29 * DAY);
    await weft.services.db
      .insertInto('executions')
      .values([...crowdedRows, oldFinished, oldRunning, recent])
      .execute();

    expect(await weft.services.runs.sweepRetention()).toBe(4);
    const left = await weft.services.db.selectFrom('executions').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([...crowdedRows.slice(0, 3).map((row) => row.id), oldRunning.id, recent.id].sort());
    expect(await weft.services.runs.sweepRetention()).toBe(0);
  });

  if (database === 'sqlite') {
    it('gives the space of deleted executions back to the file system', async () => {
      const weft = getWeft();
      const { user, workflowId } = await simpleWorkflow(weft, 'Bulky');
      const bulk = 'n'.repeat(8_000);
      const rows = Array.from({ length: 400 }, (_, index) => executionRow(user.userId, workflowId, index * 1000, { nodes: JSON.stringify({ bulk, index }) }));
      for (let start = 0; start < rows.length; start += 50)
        await weft.services.db
          .insertInto('executions')
          .values(rows.slice(start, start + 50))
          .execute();
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(weft.services.db);
      const file = path.join(weft.dataDir, 'weft.db');
      const before = { pages: await sqlitePragma(weft, 'page_count'), bytes: fs.statSync(file).size };
      expect(await sqlitePragma(weft, 'auto_vacuum')).toBe(2);

      expect(await weft.services.runs.sweepRetention()).toBe(397);
      const pages = await sqlitePragma(weft, 'page_count');
      expect(await sqlitePragma(weft, 'freelist_count')).toBe(0);
      // 397 rows of 8 KB: about 3 MB fewer pages, and a file that much smaller.
      expect(before.pages - pages).toBeGreaterThan(600);
      expect(before.bytes - fs.statSync(file).size).toBeGreaterThan(2_500_000);
    });
  }
});

describe('Orphans and shutdown [sqlite]', () => {
  it('marks executions left queued or running by a stopped server as failed on the next start', async () => {
    const place = await createWeftPlace('sqlite');
    try {
      const weft = await startWeftAt(place);
      const { user, workflowId } = await simpleWorkflow(weft, 'Crashy');
      const running = executionRow(user.userId, workflowId, 1000, { status: 'running', finished_at: null, duration_ms: null });
      const queued = executionRow(user.userId, workflowId, 500, { status: 'queued', started_at: null, finished_at: null, duration_ms: null });
      const done = executionRow(user.userId, workflowId, 2000);
      await weft.services.db.insertInto('executions').values([running, queued, done]).execute();
      // Rows no process holds stay as they are through a clean stop, as a killed server leaves them.
      await weft.close();

      // A new server on the same folder, as after a kill and restart.
      const restarted = await startWeftAt(place);
      try {
        const rows = await restarted.services.db
          .selectFrom('executions')
          .select(['id', 'status', 'error', 'finished_at', 'orphaned'])
          .orderBy('created_at')
          .execute();
        // A crash, not a clean stop: the run may be what took the server down, so it is not run again.
        const at = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';
        expect(rows).toEqual([
          { id: done.id, status: 'success', error: null, finished_at: done.finished_at, orphaned: 0 },
          {
            id: running.id,
            status: 'error',
            error: expect.stringMatching(
              new RegExp(`^The server stopped unexpectedly while this execution was running \\(noticed at the restart at ${at}\\)\\. It was not run again\\.$`),
            ),
            finished_at: expect.any(String),
            orphaned: 1,
          },
          {
            id: queued.id,
            status: 'error',
            error: expect.stringMatching(
              new RegExp(`^The server stopped unexpectedly before this execution started \\(noticed at the restart at ${at}\\)\\. It was not run\\.$`),
            ),
            finished_at: expect.any(String),
            orphaned: 0,
          },
        ]);
        // The event stream of an orphan closes with what the row says.
        const response = await restarted.app.inject({ method: 'GET', url: `/api/executions/${running.id}/events`, headers: user.headers });
        expect(response.body).toMatch(/^id: 1\ndata: \{"type":"run:finished".*"status":"error"/);
      } finally {
        await restarted.close();
      }
    } finally {
      removeWeftPlace(place);
    }
  });

  it('stores runs still going at shutdown as failed with the reason', async () => {
    const held = gates();
    const weft = await startTestWeft('sqlite', { ...withNodeTypes(gateNodeType(held)) });
    try {
      const user = await signUp(weft);
      const workflowId = await insertWorkflow(weft, user.userId, workflow('Long', [node('gate', GATE_NODE_TYPE, { gate: 'never' })], []));
      const started = await weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'schedule' });
      if (!started.ok) throw new Error(started.message);
      await held.named('never').entered;

      await weft.services.runs.close();
      const row = await weft.services.db
        .selectFrom('executions')
        .select(['status', 'error', 'events'])
        .where('id', '=', started.execution.id)
        .executeTakeFirstOrThrow();
      const reason = /^The server stopped while this execution was running \(shutdown at .+\)\.$/;
      expect(row).toMatchObject({ status: 'error', error: expect.stringMatching(reason) });
      // The stored events tell the same story as the row (they used to end "cancelled").
      const finished = (JSON.parse(row.events ?? '[]') as { type: string }[]).filter((event) => event.type === 'run:finished');
      expect(finished).toEqual([expect.objectContaining({ status: 'error', error: expect.stringMatching(reason) })]);
      await expect(weft.services.runs.start({ userId: user.userId, workflowId, trigger: 'manual' })).rejects.toThrow(/restarting/);
    } finally {
      await weft.close();
    }
  });
});
