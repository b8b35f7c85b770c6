import type { WorkflowDocument } from '@weft/core';
import type { Kysely } from 'kysely';
import { countOwnedBy } from '../db/count-owned.js';
import type { Database, WorkflowRow } from '../db/schema.js';
import type { WorkflowLookup, WorkflowRunRow } from './workflow-lookup.js';

/** The row of a workflow's first save: version 1, not run yet. */
export function firstWorkflowRow(id: string, userId: string, document: WorkflowDocument, now: string): WorkflowRow {
  return {
    id,
    user_id: userId,
    name: document.name,
    document: JSON.stringify(document),
    version: 1,
    last_run_status: null,
    last_run_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The SQL of the `workflows` table (docs/ARCHITECTURE.md "Rooms": only `workflows/` holds
 * it; lint keeps it so). Every read a user can trigger is scoped by owner, so another
 * user's workflow is indistinguishable from a missing one. Writes that belong to a save's
 * transaction take that transaction as `db`.
 */
export class WorkflowsRepository implements WorkflowLookup {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest edit first. */
  list(userId: string): Promise<WorkflowRow[]> {
    return this.db.selectFrom('workflows').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').execute();
  }

  find(userId: string, id: string): Promise<WorkflowRow | undefined> {
    return this.db.selectFrom('workflows').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async owns(userId: string, workflowId: string): Promise<boolean> {
    const row = await this.db.selectFrom('workflows').select('id').where('id', '=', workflowId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  loadForRun(userId: string, workflowId: string): Promise<WorkflowRunRow | undefined> {
    return this.db
      .selectFrom('workflows')
      .select(['id', 'name', 'version', 'document'])
      .where('id', '=', workflowId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Every workflow of the user with its document (what the files' "used by" reads). */
  documents(userId: string): Promise<Pick<WorkflowRow, 'id' | 'name' | 'document'>[]> {
    return this.db.selectFrom('workflows').select(['id', 'name', 'document']).where('user_id', '=', userId).execute();
  }

  async currentVersion(userId: string, workflowId: string, db: Kysely<Database> = this.db): Promise<number | undefined> {
    const row = await db.selectFrom('workflows').select('version').where('id', '=', workflowId).where('user_id', '=', userId).executeTakeFirst();
    return row?.version;
  }

  count(userId: string): Promise<number> {
    return countOwnedBy(this.db, 'workflows', userId);
  }

  async insert(row: WorkflowRow, db: Kysely<Database> = this.db): Promise<void> {
    await db.insertInto('workflows').values(row).execute();
  }

  /**
   * Replaces the document if `baseVersion` is still the stored version. The version
   * condition makes the check-and-write atomic: of two saves from the same base, exactly
   * one matches the row. False when none did.
   */
  async replaceDocument(
    db: Kysely<Database>,
    save: { userId: string; id: string; baseVersion: number; name: string; document: string; updatedAt: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable('workflows')
      .set({ name: save.name, document: save.document, version: save.baseVersion + 1, updated_at: save.updatedAt })
      .where('id', '=', save.id)
      .where('user_id', '=', save.userId)
      .where('version', '=', save.baseVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** False when there was nothing of this user's to delete. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('workflows').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
