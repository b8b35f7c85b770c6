import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';

/**
 * Whether `userId` may see the workflow: the one question presence asks before a tab may
 * announce itself or list who else is there. False for a missing workflow too, so the
 * routes answer 404 for both.
 */
export type MayViewWorkflow = (userId: string, workflowId: string) => Promise<boolean>;

/**
 * Today's rule: a workflow is seen by its owner only. Team workspaces (issue 25) replace
 * this one function with their roles (every role, viewer included, may see).
 */
export function ownerMayView(db: Kysely<Database>): MayViewWorkflow {
  const workflows = new WorkflowsRepository(db);
  return (userId, workflowId) => workflows.owns(userId, workflowId);
}
