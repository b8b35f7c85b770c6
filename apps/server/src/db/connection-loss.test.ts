import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../test-support/log-capture.js';
import { insertWorkflow } from '../test-support/run-fixtures.js';
import { signUp, TEST_DATABASE_URL, useTestWeft } from '../test-support/test-weft.js';
import { greetingWorkflow } from '../test-support/workflow-fixtures.js';

/** Ends every PostgreSQL connection of this Weft (named `weft:<schema>`), as a restart or a DBA would. */
async function terminateConnections(schema: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1', [
      `weft:${schema}`,
    ]);
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL connections dropped under a running Weft (issue 9, fault 1)', () => {
  const logs = captureLogs('warn');
  const weft = useTestWeft('postgres', { logger: logs.logger, env: { WEFT_SCHEDULER: 'off' } });

  it('survives its idle connections being terminated, says so in the log, and goes on serving and running', async () => {
    const user = await signUp(weft());
    const workflowId = await insertWorkflow(weft(), user.userId, greetingWorkflow());
    // Several requests at once, so the pool holds more than one idle connection.
    await Promise.all(Array.from({ length: 4 }, () => weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers })));

    const ended = await terminateConnections(weft().pgSchema as string);
    expect(ended).toBeGreaterThan(0);
    // The pool hears of it (an 'error' event per idle connection); with no listener the process
    // would end here. Once each is heard, the pool has dropped them all and opens new ones.
    await expect.poll(() => logs.lines.filter((line) => line.includes('PostgreSQL closed an idle connection')).length).toBe(ended);

    const list = await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers });
    expect(list.statusCode).toBe(200);
    const run = await weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: user.headers, payload: {} });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ execution: { status: 'success' } });
  });
});
