import { sql } from 'kysely';
import { describeChunkIndexContract } from '../test-support/chunk-index-contract.js';

describeChunkIndexContract('SQLite, sqlite-vec and FTS5', {
  database: 'sqlite',
  objectsPerCollection: 2,
  async indexObjects(weft, collectionId) {
    const hex = collectionId.replaceAll('-', '');
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name IN (${`vec_${hex}`}, ${`fts_${hex}`})`.execute(weft.services.db);
    return rows.map((row) => row.name);
  },
});
