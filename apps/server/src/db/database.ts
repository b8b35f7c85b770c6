import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import { type DatabaseIntrospector, Kysely, PostgresDialect, SqliteAdapter, type SqliteDatabase, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type pg from 'pg';
import * as sqliteVec from 'sqlite-vec';
import { createPrivateFile, databaseFile, diskSpaceProblem, watchOpenFile } from './data-dir.js';
import { lockDataDir } from './data-dir-lock.js';
import { OneSchemaIntrospector } from './one-schema-introspector.js';
import { explainOpenFailure } from './open-failure.js';
import { PatientSqliteDriver } from './patient-sqlite-driver.js';
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
  /**
   * SQLite: why the open file is no longer the one at its path (deleted or replaced while
   * Weft runs: writes would go to a file no one can open again); undefined while all is well.
   */
  fileProblem(): string | undefined;
  /**
   * Writes one small row, so `/api/health` knows the database can really be written (a
   * read answers from a disk that is full or read-only). Throws with the database's words
   * when it cannot. SQLite: a write already under way, here or in another process, counts
   * as proof (the disk space is checked by `fileProblem`), so the probe never waits for a lock.
   */
  probeWrite(): Promise<void>;
  /**
   * SQLite: why the sqlite-vec extension (the vector store's vector index) could not be
   * loaded; undefined when it is loaded, and on PostgreSQL.
   */
  vectorIndexProblem?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; SQLite when absent. */
  databaseUrl: string | undefined;
  /** Folder of the SQLite file. */
  dataDir: string;
  /** SQLite durability: `full` (default; acknowledged commits survive a power cut) or `normal`. */
  sqliteSynchronous?: 'full' | 'normal';
  /** PostgreSQL schema to use (tests isolate themselves with one). */
  pgSchema?: string;
  /**
   * Told when PostgreSQL drops an idle connection (a restart, `pg_terminate_backend`, a
   * network cut). The pool replaces the connection on next use; without a listener the
   * `error` event would end the process.
   */
  onConnectionLost?(error: Error): void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: 10,
      // Names Weft's connections in pg_stat_activity (and a test's, by its schema).
      application_name: options.pgSchema ? `weft:${options.pgSchema}` : 'weft',
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // The pool listens for errors only on idle connections: one that is checked out when the
    // server goes away (a query in flight during a restart) emits 'error' with no listener,
    // which ends the process. Its query fails on its own; this only keeps the process up.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new OneSchemaPostgresDialect({ pool }) });
    const probeWrite = async () => {
      const at = new Date().toISOString();
      await db
        .insertInto('app_settings')
        .values({ key: HEALTH_PROBE_SETTING, value: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
        .execute();
    };
    return { db, dialect: 'postgres', reclaimSpace: async () => {}, fileProblem: () => undefined, probeWrite, close: () => db.destroy() };
  }
  // One process per data folder (data-dir-lock.ts); a second start stops here, naming the first.
  const releaseFolder = lockDataDir(options.dataDir);
  let file: SQLite.Database | undefined;
  let vectorIndexProblem: string | undefined;
  try {
    createPrivateFile(databaseFile(options.dataDir));
    file = new SQLite(databaseFile(options.dataDir));
    vectorIndexProblem = configureSqlite(file, options);
  } catch (error) {
    file?.close();
    releaseFolder();
    // SQLite says "unable to open database file"; the cause is looked for on disk.
    throw new Error(explainOpenFailure(options.dataDir, databaseFile(options.dataDir), error), { cause: error });
  }
  const database = withStatementCache(file);
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new PatientSqliteDriver({ database }),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const sqlite = file;
  const moved = watchOpenFile(databaseFile(options.dataDir));
  return {
    db,
    dialect: 'sqlite',
    reclaimSpace: async () => reclaimSqliteSpace(sqlite),
    fileProblem: () => {
      const full = diskSpaceProblem(options.dataDir);
      return moved() ?? (full && `${full}: Weft cannot store runs or changes. Free some space on it.`);
    },
    probeWrite: sqliteWriteProbe(sqlite),
    ...(vectorIndexProblem ? { vectorIndexProblem } : {}),
    close: async () => {
      await db.destroy();
      releaseFolder();
    },
  };
}

/** The pragmas Weft runs SQLite with; answers why sqlite-vec could not be loaded, if it could not. */
function configureSqlite(file: SQLite.Database, options: DatabaseOptions): string | undefined {
  file.pragma('busy_timeout = 5000');
  useIncrementalVacuum(file);
  // WAL lets readers run beside the writer.
  file.pragma('journal_mode = WAL');
  // FULL: a commit is on disk (the WAL fsynced) before it is acknowledged, so a run the
  // API answered survives an OS crash or power cut; NORMAL lost 46 of 259 acknowledged runs
  // in a simulated power loss. Runs' writes share commits (runs/write-batcher.ts), so the
  // fsync is paid per batch, not per run (bench/README.md). WEFT_SQLITE_SYNCHRONOUS=normal
  // trades that back for speed.
  file.pragma(`synchronous = ${options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  file.pragma('foreign_keys = ON');
  // Reads through a memory map rather than a read() per page: a vector search scans every
  // embedding of a collection, 36 ms instead of 130 ms at 100,000 chunks (bench/README.md).
  file.pragma(`mmap_size = ${MMAP_BYTES}`);
  const vectorIndexProblem = loadSqliteVec(file);
  // From here on a busy lock fails at once and the driver waits for it asynchronously
  // (patient-sqlite-driver.ts); the pragmas above could still wait, at start-up only.
  file.pragma('busy_timeout = 0');
  return vectorIndexProblem;
}

/** The `app_settings` row the health probe rewrites. */
const HEALTH_PROBE_SETTING = 'health_probe';

/**
 * SQLite's write probe runs on the connection itself, not through Kysely: the driver would
 * wait up to 5 s for a lock another process holds, and a health answer must come at once.
 * A transaction open on the connection (Kysely's, between its awaits) or a lock held
 * elsewhere means a write is under way: the database is being written, which is the answer.
 */
function sqliteWriteProbe(file: SQLite.Database): () => Promise<void> {
  let statement: SQLite.Statement | undefined;
  return async () => {
    if (file.inTransaction) return;
    try {
      statement ??= file.prepare(
        `INSERT INTO app_settings (key, value) VALUES ('${HEALTH_PROBE_SETTING}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      );
      statement.run(new Date().toISOString());
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return;
      throw error;
    }
  };
}

/** PostgreSQL whose introspection (the migrator's) reads Weft's schema alone (one-schema-introspector.ts). */
class OneSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db);
  }
}

/**
 * The PostgreSQL client, loaded only when DATABASE_URL asks for it: a SQLite instance never
 * needs it, and loading it cost 13 MiB and 70 ms of CPU at every start (bench/README.md,
 * Cold start). `pg` is CommonJS, so `require` keeps `openDatabase` synchronous for its callers.
 */
function loadPg(): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg;
}

/** SQLite's own upper bound on a memory map (SQLITE_MAX_MMAP_SIZE); address space, not memory. */
const MMAP_BYTES = 0x7fff0000;

/**
 * Loads sqlite-vec, whose npm package ships the binary for Linux, macOS and Windows on x64
 * and arm64. Where it cannot load (another platform), Weft still starts: keyword search
 * works and vector search says why it cannot.
 */
function loadSqliteVec(file: SQLite.Database): string | undefined {
  try {
    sqliteVec.load(file);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
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
