import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; SQLite when absent. */
  databaseUrl: string | undefined;
  /** Folder of the SQLite file. */
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves with one). */
  pgSchema?: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'weft.db'));
  // WAL lets readers run beside the writer; incremental vacuum lets retention give disk back.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
