/** Names of Weft's Redis keys and channels, all under the install's prefix (WEFT_REDIS_PREFIX). */
export class RedisNames {
  constructor(readonly prefix: string) {}

  /** List of a run's events in order, JSON each: the replay for watchers that join mid-run. */
  events(executionId: string): string {
    return `${this.prefix}:events:${executionId}`;
  }

  /** Channel of a run's live events and of the notice that its end is stored. */
  live(executionId: string): string {
    return `${this.prefix}:live:${executionId}`;
  }

  /** A finished run's whole outputs for the API process that waits for them (taken once). */
  answer(executionId: string): string {
    return `${this.prefix}:answer:${executionId}`;
  }

  /** How many of the user's runs wait for a worker (FairShareCounts). */
  queuedRuns(userId: string): string {
    return `${this.prefix}:queued:${userId}`;
  }

  /** A process's reply channel (`RunJob.replyTo`): stored notices of the runs it waits for. */
  reply(processId: string): string {
    return `${this.prefix}:reply:${processId}`;
  }

  /** Channel every worker listens on; a message is the id of an execution to cancel. */
  get cancel(): string {
    return `${this.prefix}:cancel`;
  }
}
