import type { QuotaUsage, UsageSummary } from '@weft/core';
import type { UserLimits } from '../config.js';

/** What the usage summary reads of the services that keep each kind of thing. */
export interface UsageSources {
  executions: { countFor(userId: string): Promise<number> };
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
}
