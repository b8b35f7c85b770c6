import { expect } from 'vitest';
import type { ExecutionRow } from '../db/schema.js';
import type { Weft } from '../main.js';
import type { ExecutionSummary } from '../runs/execution-types.js';
import { streamedEvents, type WaitedExecution } from './run-fixtures.js';
import type { SignedIn } from './test-weft.js';

/*
 * A run started without waiting, and what a run left behind: its stored row, and all a
 * user can read back about it (secrets must be in none of it).
 */

/** Starts a run through the API without waiting: the execution as queued or started (202). */
export async function startRun(weft: Weft, user: SignedIn, workflowId: string): Promise<ExecutionSummary> {
  const response = await weft.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run`, headers: user.headers, payload: {} });
  expect(response.statusCode, response.body).toBe(202);
  return (response.json() as { execution: ExecutionSummary }).execution;
}

/** The execution as stored in its row, not as a service holds it in memory. */
export function storedExecutionRow(weft: Weft, id: string): Promise<ExecutionRow> {
  return weft.services.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Everything a user can read back about the run: the execution, its event stream and its stored row. */
export async function everythingStored(weft: Weft, user: SignedIn, execution: WaitedExecution): Promise<string> {
  const row = await storedExecutionRow(weft, execution.id);
  return JSON.stringify(execution) + JSON.stringify(await streamedEvents(weft, user, execution.id)) + JSON.stringify(row);
}
