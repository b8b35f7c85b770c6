import type { Redis } from 'ioredis';
import type { RedisNames } from './redis-names.js';

/**
 * A user's counter outlives their last add by this much: a count left too high (a process
 * died between an add and its job's delivery) only costs that user's place in line, and
 * only until their runs stop coming for this long.
 */
const COUNT_TTL_MS = 60 * 60_000;

/** DECR that deletes the key at zero or below, so a count never drifts under nothing. */
const LEAVE_SCRIPT = `local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

type WithLeave = Redis & { weftFairShareLeave(key: string): Promise<number> };

/**
 * Scale-out's fair-share priority (README "Fair share across the cluster"): how many of a
 * user's runs wait for a worker, counted in Redis instead of a count query per add (issue
 * 24: one PostgreSQL statement and transaction a run). A run enters when its job is added
 * (INCR, whose answer is the job's priority) and leaves when a worker takes its job or a
 * queued cancel takes it off the queue. The count only orders jobs: a wrong one never runs,
 * drops or doubles a run (the claim in the database decides that).
 */
export class FairShareCounts {
  private readonly redis: WithLeave;

  constructor(
    redis: Redis,
    private readonly names: RedisNames,
  ) {
    if (!('weftFairShareLeave' in redis)) redis.defineCommand('weftFairShareLeave', { numberOfKeys: 1, lua: LEAVE_SCRIPT });
    this.redis = redis as WithLeave;
  }

  /** Counts a run of the user's in; resolves to how many of theirs wait now, this one included. */
  async enter(userId: string): Promise<number> {
    const key = this.names.queuedRuns(userId);
    const results = await this.redis.pipeline().incr(key).pexpire(key, COUNT_TTL_MS).exec();
    const [error, count] = results?.[0] ?? [new Error('No answer from Redis')];
    if (error) throw error;
    return Number(count);
  }

  /** A run of the user's no longer waits. Not awaited by callers: a lost one leaves the count high (see COUNT_TTL_MS). */
  leave(userId: string): Promise<void> {
    return this.redis.weftFairShareLeave(this.names.queuedRuns(userId)).then(
      () => undefined,
      () => undefined,
    );
  }
}
