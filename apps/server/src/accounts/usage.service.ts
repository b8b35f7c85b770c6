import type { QuotaUsage, UsageSummary, WorkflowUsage, WorkflowUsageTotals } from '@weft/core';
import type { UserLimits } from '../config.js';

/** What the usage summary reads of the services that keep each kind of thing. */
export interface UsageSources {
  executions: {
    countFor(userId: string): Promise<number>;
    usageOf(userId: string, workflowId: string, since?: string): Promise<WorkflowUsageTotals>;
  };
  /** Whose workflow it is: another user's answers as a missing one. */
  workflows: { owns(userId: string, workflowId: string): Promise<boolean> };
  clock: { now(): Date };
  files: { usage(userId: string): Promise<{ count: number; bytes: number }> };
  vectors: { usage(userId: string): Promise<{ collections: number; chunks: number }> };
  schedules: { countFor(userId: string): Promise<number> };
  limits: Pick<UserLimits, 'filesBytes' | 'vectorChunks' | 'executions' | 'schedulesPerUser'>;
}

const quota = (used: number, limit: number): QuotaUsage => ({ used, limit: limit > 0 ? limit : null });

/**
 * A user's usage against the per-user quotas (Settings → Usage). Each count comes from the
 * place that enforces it, so the page says what the next refusal would say.
 */
export class UsageService {
  constructor(private readonly sources: UsageSources) {}

  async summary(userId: string): Promise<UsageSummary> {
    const { executions: runs, files, vectors, schedules, limits } = this.sources;
    const [stored, collections, executions, scheduleCount] = await Promise.all([
      files.usage(userId),
      vectors.usage(userId),
      runs.countFor(userId),
      schedules.countFor(userId),
    ]);
    return {
      files: { ...quota(stored.bytes, limits.filesBytes), count: stored.count },
      vectorChunks: { ...quota(collections.chunks, limits.vectorChunks), collections: collections.collections },
      executions: quota(executions, limits.executions),
      schedules: quota(scheduleCount, limits.schedulesPerUser),
    };
  }

  /**
   * A workflow's token use and cost over its stored runs, the last 30 days and all of
   * them; undefined when the user has no such workflow. Read when asked, from the columns
   * each run's end writes anyway, so runs pay nothing for it.
   */
  async workflowUsage(userId: string, workflowId: string): Promise<WorkflowUsage | undefined> {
    const { executions, workflows, clock } = this.sources;
    if (!(await workflows.owns(userId, workflowId))) return undefined;
    const now = clock.now();
    const since = new Date(now.getTime() - THIRTY_DAYS_MS).toISOString();
    const [last30Days, allTime] = await Promise.all([executions.usageOf(userId, workflowId, since), executions.usageOf(userId, workflowId)]);
    return { workflowId, last30Days, allTime, at: now.toISOString() };
  }
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
