import type { QuotaUsage, UsageSummary } from '@weft/core';
import type { Kysely } from 'kysely';
import type { UserLimits } from '../config.js';
import type { Database } from '../db/schema.js';

/** What the usage summary reads of the services that keep each kind of thing. */
export interface UsageSources {
  db: Kysely<Database>;
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
    const { db, files, vectors, schedules, limits } = this.sources;
    const [stored, collections, executions, scheduleCount] = await Promise.all([
      files.usage(userId),
      vectors.usage(userId),
      db
        .selectFrom('executions')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      schedules.countFor(userId),
    ]);
    return {
      files: { ...quota(stored.bytes, limits.filesBytes), count: stored.count },
      vectorChunks: { ...quota(collections.chunks, limits.vectorChunks), collections: collections.collections },
      executions: quota(Number(executions.count), limits.executions),
      schedules: quota(scheduleCount, limits.schedulesPerUser),
    };
  }
}
