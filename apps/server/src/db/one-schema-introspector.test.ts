import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newTestSchemaName, TEST_DATABASE_URL } from '../test-support/test-weft.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

describe('PostgreSQL introspection reads Weft’s schema alone', () => {
  const own = newTestSchemaName();
  const other = newTestSchemaName();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  afterAll(async () => {
    await admin.end();
  });

  it('lists only its own tables and migrates and reads while another schema’s tables are created and dropped', async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${own}; CREATE SCHEMA ${other}`);
    // Another schema's tables come and go all along (another test's migration going down
    // and up, as in the CI run that failed): Kysely's own introspector failed about one
    // read in ten with "relation … does not exist".
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        await admin.query(`CREATE TABLE ${other}.t${i % 3} (id serial PRIMARY KEY)`);
        await admin.query(`DROP TABLE ${other}.t${i % 3}`);
      }
    })();

    const handle = openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '', pgSchema: own });
    try {
      expect(await migrateToLatest(handle.db, own)).toContain('0001-initial');
      for (let read = 0; read < 200; read++) await handle.db.introspection.getTables();
      churning = false;
      await churn;
      const tables = await handle.db.introspection.getTables();
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
      expect(tables.map((table) => table.name)).toContain('workflows');
      expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
      const internal = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(internal.map((table) => table.name)).toContain('kysely_migration');
      const users = tables.find((table) => table.name === 'users');
      expect(users?.columns.find((column) => column.name === 'email')).toMatchObject({ dataType: 'varchar', isNullable: false, isAutoIncrementing: false });
    } finally {
      churning = false;
      await churn.catch(() => {});
      await handle.close();
    }
  });
});
