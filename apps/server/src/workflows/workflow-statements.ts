import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * Statements on `workflows` that other rooms run as part of their own statement or
 * transaction, where asking the workflows room separately would cost a second query on a
 * hot path or split a write from its group commit. The SQL stays here, with the table's
 * owner; the callers only refine it (docs/ARCHITECTURE.md "Rooms").
 */

/**
 * A webhook row with the workflow it runs, in one indexed read: every webhook call makes
 * it (triggers/webhooks.service.ts), and the run takes the workflow from here instead of
 * reading it again. The document's text comes only when its version is not `knownVersion`
 * (the one the caller already holds parsed, run-document-cache.ts), else `null`: every
 * save bumps the version (workflows.repository.ts), and a busy webhook's document is the
 * same text thousands of times, read, copied and compared for nothing.
 */
export function webhooksWithWorkflow(db: Kysely<Database>, knownVersion: number | string) {
  return db
    .selectFrom('webhooks')
    .innerJoin('workflows', 'workflows.id', 'webhooks.workflow_id')
    .select(['workflows.id', 'workflows.name', 'workflows.version'])
    .select(sql<string | null>`case when ${sql.ref('workflows.version')} = ${knownVersion} then null else ${sql.ref('workflows.document')} end`.as('document'));
}

/** Schedules with the name of their workflow, as the schedule lists show them. */
export function schedulesWithWorkflowName(db: Kysely<Database>) {
  return db
    .selectFrom('schedules')
    .innerJoin('workflows', 'workflows.id', 'schedules.workflow_id')
    .selectAll('schedules')
    .select('workflows.name as workflow_name');
}

/**
 * A run's end sets its workflow's last-run columns in the run's group commit
 * (runs/run-writes.ts), built with that batch's compiled-statement `value` slots.
 */
export function lastRunUpdate(db: Kysely<Database>, value: (name: 'status' | 'at' | 'id') => string) {
  return db
    .updateTable('workflows')
    .set({ last_run_status: value('status'), last_run_at: value('at') })
    .where('id', '=', value('id'));
}

/**
 * Exposed MCP tools with the workflow each runs, in one read: every MCP request lists or
 * calls them (../mcp/mcp-tools.service.ts), and a call runs the workflow read here.
 */
export function mcpToolsWithWorkflow(db: Kysely<Database>) {
  return db
    .selectFrom('mcp_tools')
    .innerJoin('workflows', 'workflows.id', 'mcp_tools.workflow_id')
    .selectAll('mcp_tools')
    .select(['workflows.name as workflow_name', 'workflows.version as workflow_version', 'workflows.document as workflow_document']);
}
