import type { Kysely, Selectable } from 'kysely';
import type { Database, FilesTable } from '../db/schema.js';
import type { DeletedFile, FileRecord, FileStore, FileWithContent } from './file-store.js';

const RECORD_COLUMNS = ['id', 'user_id', 'name', 'mime_type', 'size', 'sha256', 'created_at'] as const;

type RecordRow = Pick<Selectable<FilesTable>, (typeof RECORD_COLUMNS)[number]>;

function toRecord(row: RecordRow): FileRecord {
  return { id: row.id, userId: row.user_id, name: row.name, mimeType: row.mime_type, size: Number(row.size), sha256: row.sha256, createdAt: row.created_at };
}

/**
 * Uploads in the `files` table (migration 0007): a blob on SQLite, bytea on PostgreSQL, so
 * every process of a scale-out install reads the same bytes. Listing never selects the
 * content column. A deleted file leaves its name in `deleted_files` (migration 0018).
 */
export class DatabaseFileStore implements FileStore {
  constructor(private readonly db: Kysely<Database>) {}

  async save(file: FileWithContent): Promise<void> {
    await this.db
      .insertInto('files')
      .values({
        id: file.id,
        user_id: file.userId,
        name: file.name,
        mime_type: file.mimeType,
        size: file.size,
        sha256: file.sha256,
        created_at: file.createdAt,
        // A Buffer view of the same bytes (no copy): what both drivers bind as a blob / bytea.
        content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
      })
      .execute();
  }

  async list(userId: string): Promise<FileRecord[]> {
    const rows = await this.db.selectFrom('files').select(RECORD_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
    return rows.map(toRecord);
  }

  async find(userId: string, id: string): Promise<FileRecord | undefined> {
    const row = await this.db.selectFrom('files').select(RECORD_COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async read(userId: string, id: string): Promise<FileWithContent | undefined> {
    const row = await this.db
      .selectFrom('files')
      .select([...RECORD_COLUMNS, 'content'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const bytes = row.content;
    return { ...toRecord(row), content: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }

  async usage(userId: string): Promise<{ count: number; bytes: number }> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string | null>('size').as('bytes')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
  }

  async delete(userId: string, id: string, deletedAt: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('files').where('user_id', '=', userId).where('id', '=', id).returning('name').executeTakeFirst();
      if (!gone) return false;
      await trx.insertInto('deleted_files').values({ id, user_id: userId, name: gone.name, deleted_at: deletedAt }).execute();
      return true;
    });
  }

  async findDeleted(userId: string, id: string): Promise<DeletedFile | undefined> {
    const row = await this.db
      .selectFrom('deleted_files')
      .select(['id', 'name', 'deleted_at'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, deletedAt: row.deleted_at } : undefined;
  }
}
