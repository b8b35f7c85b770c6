import { expect, it } from 'vitest';
import { createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { describeEachDatabase, signUp, useTestWeft } from '../test-support/test-weft.js';
import { WriteBatcher } from './write-batcher.js';

describeEachDatabase('WriteBatcher', (database) => {
  const getWeft = useTestWeft(database);

  it('commits the writes of one turn together, and a failing write fails only its caller', async () => {
    const weft = getWeft();
    const user = await signUp(weft);
    const workflowId = await createWorkflow(weft, user, workflow('Batched', [node('in', 'input.text'), node('out', 'output')], [edge('in', 'out')]));
    const batcher = new WriteBatcher(weft.services.db);
    const rename = (name: string) => batcher.run((db) => db.updateTable('workflows').set({ name }).where('id', '=', workflowId).execute());
    let inTransaction = 0;
    const results = await Promise.allSettled([
      rename('one'),
      batcher.run(async (db) => {
        if (db.isTransaction) inTransaction += 1;
        // A user that does not exist: the foreign key refuses it.
        await db
          .insertInto('workflows')
          .values({
            id: 'x',
            user_id: 'nobody',
            name: 'x',
            document: '{}',
            version: 1,
            last_run_status: null,
            last_run_at: null,
            created_at: 'now',
            updated_at: 'now',
          })
          .execute();
      }),
      rename('two'),
    ]);
    expect(inTransaction).toBe(1);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const row = await weft.services.db.selectFrom('workflows').select('name').where('id', '=', workflowId).executeTakeFirstOrThrow();
    expect(row.name).toBe('two');
    await batcher.idle();
  });
});
