import {
  DEFAULT_VERSION_RETENTION,
  diffWorkflows,
  type NodeDefinition,
  type VersionRetention,
  type WorkflowDocument,
  type WorkflowVersionDetail,
  type WorkflowVersionSummary,
} from '@weft/core';
import type { Kysely } from 'kysely';
import type { Database, WorkflowVersionRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { type ExecutionHistory, versionHasRuns } from '../runs/execution-history.repository.js';
import { readStoredWorkflow } from './workflow-document.js';
import type { WorkflowsRepository } from './workflows.repository.js';

/** One save, as the workflows service records it inside its own transaction. */
export interface VersionEntry {
  workflowId: string;
  version: number;
  /** The owner. */
  userId: string;
  /** Who saved it. */
  authorId: string;
  document: WorkflowDocument;
  summary: string;
  restoredFrom?: number | null;
  createdAt: string;
}

/** Built-ins plus the user's custom types that a document names: field labels for diffs. */
export type DefinitionsFor = (userId: string, document: WorkflowDocument) => Promise<readonly NodeDefinition[]>;

const MAX_SUMMARY = 500;
const DAY_MS = 86_400_000;

/**
 * Kept versions of workflows (docs/ARCHITECTURE.md "Version history"): one row per save,
 * written in the save's transaction, so a workflow's current version always has its row.
 * Every query is scoped by owner. The retention rule is the owner's; pruning keeps the
 * current version and every version a stored execution ran, whatever the rule says.
 */
export class WorkflowVersionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly workflows: WorkflowsRepository,
    /** Which versions stored runs ran (runs/ owns the executions table). */
    private readonly runs: Pick<ExecutionHistory, 'runsPerVersion'>,
    private readonly clock: Clock,
    private readonly definitionsFor: DefinitionsFor,
  ) {}

  /** Stores a save's version and prunes the workflow's history by its owner's rule. */
  async record(db: Kysely<Database>, entry: VersionEntry): Promise<void> {
    await db
      .insertInto('workflow_versions')
      .values({
        workflow_id: entry.workflowId,
        version: entry.version,
        user_id: entry.userId,
        author_id: entry.authorId,
        name: entry.document.name,
        document: JSON.stringify(entry.document),
        summary: entry.summary.length > MAX_SUMMARY ? `${entry.summary.slice(0, MAX_SUMMARY - 1)}…` : entry.summary,
        restored_from: entry.restoredFrom ?? null,
        created_at: entry.createdAt,
      })
      .execute();
    await this.prune(db, entry.userId, await this.retention(entry.userId, db), entry.workflowId);
  }

  /** Newest first; undefined when the workflow is not the caller's. */
  async list(userId: string, workflowId: string): Promise<WorkflowVersionSummary[] | undefined> {
    const current = await this.workflows.currentVersion(userId, workflowId);
    if (current === undefined) return undefined;
    const [rows, runs] = await Promise.all([
      this.rows(userId, workflowId).orderBy('workflow_versions.version', 'desc').execute(),
      this.runs.runsPerVersion(workflowId),
    ]);
    return rows.map((row) => toSummary(row, current, runs.get(row.version) ?? 0));
  }

  /** A kept version with what changed from it to the current workflow. */
  async detail(userId: string, workflowId: string, version: number): Promise<WorkflowVersionDetail | 'no_workflow' | 'no_version'> {
    const workflow = await this.workflows.find(userId, workflowId);
    if (!workflow) return 'no_workflow';
    const row = await this.rows(userId, workflowId).where('workflow_versions.version', '=', version).executeTakeFirst();
    if (!row) return 'no_version';
    const then = readStoredWorkflow(row.document);
    const now = readStoredWorkflow(workflow.document);
    const runs = await this.runs.runsPerVersion(workflowId, version);
    return {
      ...toSummary(row, workflow.version, runs.get(version) ?? 0),
      nodeCount: then.nodes.length,
      currentVersion: workflow.version,
      diffToCurrent: diffWorkflows(then, now, await this.definitionsFor(userId, now)),
    };
  }

  /** Who saved a kept version and when (a stale save's 409 names them); undefined when not kept. */
  async savedBy(userId: string, workflowId: string, version: number): Promise<{ author: string | null; savedAt: string } | undefined> {
    const row = await this.rows(userId, workflowId).where('workflow_versions.version', '=', version).executeTakeFirst();
    return row ? { author: row.author_name?.trim() || row.author_email || null, savedAt: row.created_at } : undefined;
  }

  /** A kept version's document, upgraded to this code's version; undefined when not kept. */
  async document(userId: string, workflowId: string, version: number, db: Kysely<Database> = this.db): Promise<WorkflowDocument | undefined> {
    const row = await db
      .selectFrom('workflow_versions')
      .select('document')
      .where('workflow_id', '=', workflowId)
      .where('user_id', '=', userId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? readStoredWorkflow(row.document) : undefined;
  }

  async retention(userId: string, db: Kysely<Database> = this.db): Promise<VersionRetention> {
    const row = await db.selectFrom('version_retention').select(['mode', 'amount']).where('user_id', '=', userId).executeTakeFirst();
    if (!row || row.amount === null || (row.mode !== 'count' && row.mode !== 'days')) return DEFAULT_VERSION_RETENTION;
    return { mode: row.mode, amount: row.amount };
  }

  /** Saves the rule and applies it to every workflow of the user at once; says how many versions went. */
  async setRetention(userId: string, retention: VersionRetention): Promise<{ retention: VersionRetention; pruned: number }> {
    const amount = retention.mode === 'all' ? null : retention.amount;
    const updatedAt = this.clock.now().toISOString();
    const pruned = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('version_retention')
        .values({ user_id: userId, mode: retention.mode, amount, updated_at: updatedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ mode: retention.mode, amount, updated_at: updatedAt }))
        .execute();
      return this.prune(trx, userId, retention);
    });
    return { retention, pruned };
  }

  /**
   * Deletes the versions the rule lets go, of one workflow or all of the user's. One
   * statement: the current version and versions a stored execution ran are excluded in SQL,
   * so a run recorded meanwhile by another process keeps its version.
   */
  private async prune(db: Kysely<Database>, userId: string, retention: VersionRetention, workflowId?: string): Promise<number> {
    if (retention.mode === 'all') return 0;
    let query = db
      .deleteFrom('workflow_versions')
      .where('workflow_versions.user_id', '=', userId)
      .where((eb) =>
        eb.and([
          eb(
            'workflow_versions.version',
            '<>',
            eb.selectFrom('workflows').select('workflows.version').whereRef('workflows.id', '=', 'workflow_versions.workflow_id'),
          ),
          eb.not(versionHasRuns(eb)),
        ]),
      );
    if (workflowId) query = query.where('workflow_versions.workflow_id', '=', workflowId);
    if (retention.mode === 'count') {
      // Versions are numbered one per save, so the last N are those above current − N.
      query = query.where((eb) =>
        eb(
          'workflow_versions.version',
          '<=',
          eb(eb.selectFrom('workflows').select('workflows.version').whereRef('workflows.id', '=', 'workflow_versions.workflow_id'), '-', retention.amount),
        ),
      );
    } else {
      const cutoff = new Date(this.clock.now().getTime() - retention.amount * DAY_MS).toISOString();
      query = query.where('workflow_versions.created_at', '<', cutoff);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private rows(userId: string, workflowId: string) {
    return this.db
      .selectFrom('workflow_versions')
      .leftJoin('users', 'users.id', 'workflow_versions.author_id')
      .selectAll('workflow_versions')
      .select(['users.display_name as author_name', 'users.email as author_email'])
      .where('workflow_versions.workflow_id', '=', workflowId)
      .where('workflow_versions.user_id', '=', userId);
  }
}

type VersionRowWithAuthor = WorkflowVersionRow & { author_name: string | null; author_email: string | null };

function toSummary(row: VersionRowWithAuthor, current: number, executionCount: number): WorkflowVersionSummary {
  return {
    version: row.version,
    name: row.name,
    summary: row.summary,
    author: row.author_name?.trim() || row.author_email || null,
    createdAt: row.created_at,
    restoredFrom: row.restored_from,
    current: row.version === current,
    executionCount,
  };
}
