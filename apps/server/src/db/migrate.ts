import { type Kysely, type Migration, type MigrationProvider, Migrator, SqliteAdapter, sql } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as runs from './migrations/0002-runs.js';
import * as schedules from './migrations/0003-schedules.js';
import * as executionFilters from './migrations/0006-execution-filters.js';
import * as files from './migrations/0007-files.js';
import * as vectorStore from './migrations/0008-vector-store.js';
import * as workflowVersions from './migrations/0009-workflow-versions.js';
import * as executionDataKept from './migrations/0010-execution-data-kept.js';
import * as executionReplays from './migrations/0011-execution-replays.js';
import * as crashPauses from './migrations/0012-crash-pauses.js';
import * as schedulePolicies from './migrations/0013-schedule-policies.js';
import * as failureAlerts from './migrations/0014-failure-alerts.js';
import * as scheduleListIndex from './migrations/0015-schedule-list-index.js';
import * as runRequeue from './migrations/0016-run-requeue.js';
import * as schedulerLeases from './migrations/0017-scheduler-leases.js';
import * as deletedFiles from './migrations/0018-deleted-files.js';
import * as mcp from './migrations/0019-mcp.js';
import * as agentMemory from './migrations/0020-agent-memory.js';
import * as subWorkflows from './migrations/0021-sub-workflows.js';
import * as toolApprovals from './migrations/0022-tool-approvals.js';
import * as runCosts from './migrations/0023-run-costs.js';
import * as workspaces from './migrations/0024-workspaces.js';
import * as audit from './migrations/0025-audit.js';
import * as workflowPresence from './migrations/0026-workflow-presence.js';
import * as samlRequests from './migrations/0027-saml-requests.js';
import type { Database } from './schema.js';

/** Migrations are imported statically so the build needs no file-system scan. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-runs': runs,
  '0003-schedules': schedules,
  '0006-execution-filters': executionFilters,
  '0007-files': files,
  '0008-vector-store': vectorStore,
  '0009-workflow-versions': workflowVersions,
  '0010-execution-data-kept': executionDataKept,
  '0011-execution-replays': executionReplays,
  '0012-crash-pauses': crashPauses,
  '0013-schedule-policies': schedulePolicies,
  '0014-failure-alerts': failureAlerts,
  '0015-schedule-list-index': scheduleListIndex,
  '0016-run-requeue': runRequeue,
  '0017-scheduler-leases': schedulerLeases,
  '0018-deleted-files': deletedFiles,
  '0019-mcp': mcp,
  '0020-agent-memory': agentMemory,
  '0021-sub-workflows': subWorkflows,
  '0022-tool-approvals': toolApprovals,
  '0023-run-costs': runCosts,
  '0024-workspaces': workspaces,
  '0025-audit': audit,
  '0026-workflow-presence': workflowPresence,
  '0027-saml-requests': samlRequests,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * Applies every pending migration; throws with the failing migration's name. `pgSchema`
 * names the PostgreSQL schema in use: without it Kysely takes a migration table in any
 * schema as its own, so databases sharing a server (parallel test suites) collide.
 */
export async function migrateToLatest(db: Kysely<Database>, pgSchema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await withoutSyncPerStatement(db, () => migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** `PRAGMA synchronous` values. */
const SYNCHRONOUS_NORMAL = 1;

/**
 * Kysely runs SQLite migrations outside a transaction (its SQLite adapter claims no
 * transactional DDL), so under `synchronous = FULL` each statement is a commit of its own
 * with an fsync: 200 ms of a fresh start spent waiting on the disk (bench/README.md, Cold
 * start). NORMAL keeps the WAL consistent; a crash can only lose the last statements, as an
 * earlier crash would have, and they run again at the next start. The setting in force is
 * put back after, and the next FULL commit syncs the migrations' WAL frames with its own.
 */
async function withoutSyncPerStatement<T>(db: Kysely<Database>, migrate: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return migrate();
  const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
  const before = rows[0]?.synchronous;
  if (before === undefined || before <= SYNCHRONOUS_NORMAL) return migrate();
  await sql`PRAGMA synchronous = NORMAL`.execute(db);
  try {
    return await migrate();
  } finally {
    await sql.raw(`PRAGMA synchronous = ${Number(before)}`).execute(db);
  }
}
