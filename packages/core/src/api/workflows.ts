import type { WorkflowScheduleSummary } from './schedules.js';

/** One row of `GET /api/workflows` (docs/API.md): the dashboard's list. Server and web share it. */
export interface WorkflowSummary {
  id: string;
  name: string;
  version: number;
  nodeCount: number;
  /** The last execution's status (an ExecutionStatus); null when it never ran. */
  lastRunStatus: string | null;
  lastRunAt: string | null;
  /** Its schedules in short (count, soonest next run); null when it has none. */
  schedule: WorkflowScheduleSummary | null;
  createdAt: string;
  updatedAt: string;
}
