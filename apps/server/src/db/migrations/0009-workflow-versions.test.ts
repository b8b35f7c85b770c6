import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';
import { down, up } from './0009-workflow-versions.js';

describeEachDatabase('migration 0009: workflow versions', (database) => {
  const weft = useTestWeft(database);

  it('gives every existing workflow its current document as its first kept version', async () => {
    const user = await signUp(weft());
    const created = await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: greetingWorkflow('Before history') });
    const id = created.json().workflow.id as string;
    await weft().app.inject({
      method: 'PUT',
      url: `/api/workflows/${id}`,
      headers: user.headers,
      payload: { baseVersion: 1, document: greetingWorkflow('Saved twice') },
    });

    // Back to a database from before the migration, then forward again.
    const db = weft().services.db;
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);

    const rows = await db.selectFrom('workflow_versions').selectAll().where('workflow_id', '=', id).execute();
    const workflow = await db.selectFrom('workflows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(rows).toEqual([
      {
        workflow_id: id,
        version: 2,
        user_id: user.userId,
        author_id: user.userId,
        name: 'Saved twice',
        document: workflow.document,
        summary: 'Version history starts here',
        restored_from: null,
        created_at: workflow.updated_at,
      },
    ]);
  });
});
