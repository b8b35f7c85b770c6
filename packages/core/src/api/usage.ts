import type { UsageTotals } from './executions.js';

/**
 * The signed-in user's usage against this Weft's per-user quotas and limits
 * (`GET /api/me/usage`, docs/API.md "Account"), shown in Settings → Usage.
 */

/** One quota: how much is used and the most allowed; `limit` is null where the operator set none. */
export interface QuotaUsage {
  used: number;
  limit: number | null;
}

export interface UsageSummary {
  /** Bytes of uploads; past the limit an upload answers 413. */
  files: QuotaUsage & { count: number };
  /** Chunks held by the user's collections together; past the limit Embed & Store fails. */
  vectorChunks: QuotaUsage & { collections: number };
  /** Executions kept; past the limit the oldest finished ones are deleted, as retention does. */
  executions: QuotaUsage;
  /** Schedules; one more than the limit answers 409. */
  schedules: QuotaUsage;
}

/** A workflow's model tokens and cost over some of its stored runs. */
export interface WorkflowUsageTotals extends UsageTotals {
  /** Stored runs that called a model. */
  runs: number;
}

/**
 * A workflow's token use and cost (`GET /api/workflows/:id/usage`, docs/API.md "Token use
 * and cost"), summed over its stored executions: runs deleted by retention no longer count.
 */
export interface WorkflowUsage {
  workflowId: string;
  /** Runs created in the 30 days before `at`. */
  last30Days: WorkflowUsageTotals;
  allTime: WorkflowUsageTotals;
  /** When it was summed (ISO). */
  at: string;
}
