import type { WorkflowRow } from '../db/schema.js';

/** A stored workflow as a run reads it: the row's fields and the document's JSON text. */
export type WorkflowRunRow = Pick<WorkflowRow, 'id' | 'name' | 'version' | 'document'>;

/**
 * What other rooms (runs, schedules, triggers) ask of the workflows room, instead of
 * querying `workflows` themselves. Both answers are scoped by owner: another user's
 * workflow is indistinguishable from a missing one.
 */
export interface WorkflowLookup {
  owns(userId: string, workflowId: string): Promise<boolean>;
  loadForRun(userId: string, workflowId: string): Promise<WorkflowRunRow | undefined>;
}
