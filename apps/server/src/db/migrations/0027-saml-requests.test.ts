import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestWeft } from '../../test-support/test-weft.js';
import { down, up } from './0027-saml-requests.js';

describeEachDatabase('migration 0027: SAML requests', (database) => {
  const weft = useTestWeft(database);

  it('creates the table of pending AuthnRequests and takes it away again', async () => {
    const db = weft().services.db;
    const row = { id: '_request-1', created_at: '2026-01-01T00:00:00.000Z', expires_at: '2026-01-01T00:10:00.000Z' };
    await db.insertInto('saml_requests').values(row).execute();
    await expect(db.insertInto('saml_requests').values(row).execute()).rejects.toThrow();

    await down(db as Kysely<unknown>);
    await expect(db.selectFrom('saml_requests').selectAll().execute()).rejects.toThrow();
    await up(db as Kysely<unknown>);
    expect(await db.selectFrom('saml_requests').selectAll().execute()).toEqual([]);
  });
});
