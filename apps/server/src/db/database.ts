import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Gives the space of deleted rows back to the file system. SQLite keeps freed pages
   * inside the file until told otherwise; PostgreSQL's autovacuum does this itself.
   */
  reclaimSpace(): Promise<void>;
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
    return { db, dialect: 'postgres', reclaimSpace: async () => {}, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'weft.db'));
  file.pragma('busy_timeout = 5000');
  useIncrementalVacuum(file);
  // WAL lets readers run beside the writer.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  return { db, dialect: 'sqlite', reclaimSpace: async () => reclaimSqliteSpace(file), close: () => db.destroy() };
}

/** Distinct SQL texts kept prepared; the hot queries are a few dozen. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, which cost as much as running it on the run
 * service's hot path. better-sqlite3 statements can be run again and again, and Kysely
 * runs one query at a time on its single SQLite connection, so each SQL text is prepared
 * once and kept (the oldest dropped past the limit).
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = file.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** `PRAGMA auto_vacuum` values. */
const AUTO_VACUUM_INCREMENTAL = 2;

/**
 * Lets retention give disk back (`reclaimSpace`): without auto_vacuum, SQLite keeps the
 * pages of deleted rows in the file forever. A new file takes the setting before its
 * first table; an existing one needs a one-time VACUUM (a full rewrite, so it runs once,
 * when the setting is not there yet).
 */
function useIncrementalVacuum(file: SQLite.Database): void {
  if (file.pragma('auto_vacuum', { simple: true }) === AUTO_VACUUM_INCREMENTAL) return;
  file.pragma('auto_vacuum = INCREMENTAL');
  if (Number(file.pragma('page_count', { simple: true })) > 0) file.exec('VACUUM');
}

function reclaimSqliteSpace(file: SQLite.Database): void {
  // `pragma()` steps the statement to the end: `incremental_vacuum` frees one page per
  // step, so running it as a plain statement would free a single page.
  file.pragma('incremental_vacuum');
  // Freed pages leave the main file only when the WAL is checkpointed into it.
  file.pragma('wal_checkpoint(TRUNCATE)');
}
