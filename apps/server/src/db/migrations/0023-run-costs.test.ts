import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createWorkflow, runAndWait } from '../../test-support/run-fixtures.js';
import { describeEachDatabase, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';
import { down, up } from './0023-run-costs.js';

describeEachDatabase('migration 0023: run costs', (database) => {
  const weft = useTestWeft(database);

  it('gives runs stored before it their tokens from the usage JSON, their cost unknown', async () => {
    const user = await signUp(weft());
    const id = await createWorkflow(weft(), user, greetingWorkflow('Before costs'));
    const withModel = await runAndWait(weft(), user, id);
    const withoutModel = await runAndWait(weft(), user, id);
    const db = weft().services.db;
    // As a run that called a model was stored before costs were counted.
    await db
      .updateTable('executions')
      .set({ usage: JSON.stringify({ inputTokens: 1200, outputTokens: 34 }) })
      .where('id', '=', withModel.id)
      .execute();

    // Back to a database from before the migration, then forward again.
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);

    const columns = ['input_tokens', 'output_tokens', 'cost_usd', 'cost_incomplete'] as const;
    const read = (executionId: string) => db.selectFrom('executions').select(columns).where('id', '=', executionId).executeTakeFirstOrThrow();
    expect(await read(withModel.id)).toEqual({ input_tokens: 1200, output_tokens: 34, cost_usd: null, cost_incomplete: 1 });
    expect(await read(withoutModel.id)).toEqual({ input_tokens: null, output_tokens: null, cost_usd: null, cost_incomplete: 0 });

    const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}/usage`, headers: user.headers });
    expect(res.json().usage.allTime).toEqual({ runs: 1, inputTokens: 1200, outputTokens: 34, costIncomplete: true });
  });
});
