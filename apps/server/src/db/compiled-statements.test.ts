import { expect, it } from 'vitest';
import { describeEachDatabase, signUp, useTestWeft } from '../test-support/test-weft.js';
import { CompiledStatements } from './compiled-statements.js';

describeEachDatabase('CompiledStatements', (database) => {
  const getWeft = useTestWeft(database);

  it('builds a statement once per shape and sends each call its own values, in a transaction too', async () => {
    const { db } = getWeft().services;
    const user = await signUp(getWeft());
    const statements = new CompiledStatements();
    let builds = 0;
    const rename = (name: string, id: string, trx = db) =>
      statements.run(
        trx,
        'rename',
        (value) => {
          builds += 1;
          // The address is a constant of the query: it stays in its place.
          return db
            .updateTable('users')
            .set({ display_name: value('name') })
            .where('id', '=', value('id'))
            .where('email', '!=', 'nobody@example.com');
        },
        { name, id },
      );
    expect(Number((await rename('Ada', user.userId)).numAffectedRows)).toBe(1);
    expect(Number((await rename('Grace', user.userId)).numAffectedRows)).toBe(1);
    await db.transaction().execute((trx) => rename('Hedy', user.userId, trx));
    expect(Number((await rename('Nobody', 'no-such-id')).numAffectedRows)).toBe(0);
    expect(builds).toBe(1);

    const read = (id: string) =>
      statements.run(db, 'read', (value) => db.selectFrom('users').select(['id', 'display_name']).where('id', '=', value('id')), { id });
    expect((await read(user.userId)).rows).toEqual([{ id: user.userId, display_name: 'Hedy' }]);
    expect((await read('no-such-id')).rows).toEqual([]);
  });
});
