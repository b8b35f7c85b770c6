import type { AlertRecord, AlertSettings, SlackAlertTarget } from '@weft/core';
import type { Kysely } from 'kysely';
import { CompiledStatements } from '../db/compiled-statements.js';
import type { Database, WorkflowAlertsRow } from '../db/schema.js';

/** A workflow's alert row as the room reads it: settings parsed, streak and last alert. */
export interface StoredAlerts extends AlertSettings {
  workflowId: string;
  userId: string;
  failingExecutionId: string | null;
  failingAt: string | null;
  lastAlert: AlertRecord | null;
}

/**
 * The SQL of `workflow_alerts` (migration 0014). Reads a user can trigger are scoped by
 * owner; the streak's writes are conditional UPDATEs, so of any number of processes
 * ending runs of one workflow at once, one opens a streak and one closes it.
 */
export class AlertSettingsRepository {
  /** The read every successful run makes (streakOf), compiled once. */
  private readonly statements = new CompiledStatements();

  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: string, workflowId: string): Promise<StoredAlerts | undefined> {
    const row = await this.db.selectFrom('workflow_alerts').selectAll().where('workflow_id', '=', workflowId).where('user_id', '=', userId).executeTakeFirst();
    return row ? toStored(row) : undefined;
  }

  /** The row of a workflow whose run just ended (the run named its owner already). */
  async forWorkflow(workflowId: string): Promise<StoredAlerts | undefined> {
    const row = await this.db.selectFrom('workflow_alerts').selectAll().where('workflow_id', '=', workflowId).executeTakeFirst();
    return row ? toStored(row) : undefined;
  }

  /** Whether the workflow has alerts and an open streak: the one read a successful run costs. */
  async streakOf(workflowId: string): Promise<{ failing: boolean } | undefined> {
    const { rows } = await this.statements.run(
      this.db,
      'streak',
      (value) => this.db.selectFrom('workflow_alerts').select('failing_execution_id').where('workflow_id', '=', value('workflowId')),
      { workflowId },
    );
    const row = rows[0];
    return row ? { failing: row.failing_execution_id !== null } : undefined;
  }

  /** Creates or replaces the settings; the streak and the last alert stay. */
  async put(userId: string, workflowId: string, settings: AlertSettings, at: string): Promise<void> {
    const columns = {
      emails: JSON.stringify(settings.emails),
      slack: settings.slack ? JSON.stringify(settings.slack) : null,
      webhook_url: settings.webhookUrl,
      error_workflow_id: settings.errorWorkflowId,
      updated_at: at,
    };
    await this.db
      .insertInto('workflow_alerts')
      .values({ workflow_id: workflowId, user_id: userId, ...columns, failing_execution_id: null, failing_at: null, last_alert: null, created_at: at })
      .onConflict((oc) => oc.column('workflow_id').doUpdateSet(columns))
      .execute();
  }

  async delete(userId: string, workflowId: string): Promise<void> {
    await this.db.deleteFrom('workflow_alerts').where('workflow_id', '=', workflowId).where('user_id', '=', userId).execute();
  }

  /**
   * Opens a failure streak with this execution, if none is open: true for the one caller
   * that opened it (it sends the alert), false when a streak was open already.
   */
  async openStreak(workflowId: string, executionId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('workflow_alerts')
      .set({ failing_execution_id: executionId, failing_at: at })
      .where('workflow_id', '=', workflowId)
      .where('failing_execution_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A run succeeded: the next failure opens a new streak. */
  async closeStreak(workflowId: string): Promise<void> {
    await this.db
      .updateTable('workflow_alerts')
      .set({ failing_execution_id: null, failing_at: null })
      .where('workflow_id', '=', workflowId)
      .where('failing_execution_id', 'is not', null)
      .execute();
  }

  async recordAlert(workflowId: string, record: AlertRecord): Promise<void> {
    await this.db
      .updateTable('workflow_alerts')
      .set({ last_alert: JSON.stringify(record) })
      .where('workflow_id', '=', workflowId)
      .execute();
  }
}

function toStored(row: WorkflowAlertsRow): StoredAlerts {
  return {
    workflowId: row.workflow_id,
    userId: row.user_id,
    emails: parseJson<string[]>(row.emails) ?? [],
    slack: row.slack === null ? null : (parseJson<SlackAlertTarget>(row.slack) ?? null),
    webhookUrl: row.webhook_url,
    errorWorkflowId: row.error_workflow_id,
    failingExecutionId: row.failing_execution_id,
    failingAt: row.failing_at,
    lastAlert: row.last_alert === null ? null : (parseJson<AlertRecord>(row.last_alert) ?? null),
  };
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
