import type { Selectable } from 'kysely';

/*
 * Table types of presence (issue 25), beside schema.ts so that it stays under the size
 * cap; `Database` in schema.ts names them.
 */

/** One editor tab that has a workflow open (migration 0026, `../presence/`). */
export interface WorkflowPresenceTable {
  workflow_id: string;
  user_id: string;
  /** Chosen by the tab; unique with the workflow and the user. */
  session_id: string;
  /** The tab's first heartbeat. */
  opened_at: string;
  /** The tab's last heartbeat; older than the expiry, the row no longer counts. */
  seen_at: string;
}

export type WorkflowPresenceRow = Selectable<WorkflowPresenceTable>;
