import type { RunEvent } from '@weft/core';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RunEventHub, RunEventListener } from '../runs/run-event-hub.js';
import type { LiveEventSource } from '../runs/watch-run.js';

/** While a run goes, its event buffer outlives its last event by this much (each event renews it). */
const LIVE_BUFFER_TTL_MS = 24 * 60 * 60_000;
/**
 * After the end the stored row has the events; the buffer stays a little for a watcher
 * that read the row as running just before the end was stored.
 */
const ENDED_BUFFER_TTL_MS = 10 * 60_000;

/** The message on a run's channel saying its end is in its row. */
const STORED_NOTICE = '{"stored":true}';

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

  /** Channel every worker listens on; a message is the id of an execution to cancel. */
  get cancel(): string {
    return `${this.prefix}:cancel`;
  }
}

/** What travels on a run's channel: a batch of consecutive events from `seq` on, or the end being stored. */
type LiveMessage = { seq: number; events: RunEvent[] } | { stored: true };

interface Channel {
  listeners: Set<RunEventListener>;
  storedWaiters: Set<() => void>;
  /** Resolves once Redis confirmed the subscription: later publications reach us. */
  ready: Promise<void>;
}

interface PendingBatch {
  first: number;
  json: string[];
  ended: boolean;
}

/** Waits for an execution's end to be stored; `ready` before reading its row, `stop` when done. */
export interface StoredWaiter {
  ready: Promise<void>;
  done: Promise<void>;
  stop(): void;
}

/**
 * Scale-out's run events (ARCHITECTURE.md "Scale-out"). A worker's events are appended to
 * a Redis list per execution and published on its channel, batched per event-loop turn
 * in one pipeline (RPUSH, PEXPIRE, PUBLISH in that order on one connection). A watcher
 * subscribes, waits for Redis to confirm, then reads the list: an event is either in the
 * list by then or published after the subscription, so none is missed; the sequence
 * number drops the ones seen twice. API processes subscribe per execution on one
 * connection, shared by all their watchers.
 */
export class RedisRunEvents implements RunEventHub, LiveEventSource {
  private readonly channels = new Map<string, Channel>();
  private pending = new Map<string, PendingBatch>();
  private flushScheduled = false;
  private lastFlush: Promise<unknown> = Promise.resolve();
  private cancelHandler: ((executionId: string) => void) | undefined;

  constructor(
    /** Commands and publishing. */
    private readonly commands: Redis,
    /** In subscriber mode: nothing but (un)subscribing on it. */
    private readonly subscriber: Redis,
    private readonly names: RedisNames,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => this.receive(channel, message));
  }

  publish(executionId: string, seq: number, event: RunEvent): void {
    let batch = this.pending.get(executionId);
    if (!batch) {
      batch = { first: seq, json: [], ended: false };
      this.pending.set(executionId, batch);
    }
    batch.json.push(JSON.stringify(event));
    if (event.type === 'run:finished') batch.ended = true;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
  }

  subscribe(executionId: string, listener: RunEventListener): () => void {
    const channel = this.join(executionId);
    channel.listeners.add(listener);
    return () => {
      channel.listeners.delete(listener);
      this.leaveIfUnused(executionId, channel);
    };
  }

  subscribed(executionId: string): Promise<void> {
    return this.channels.get(executionId)?.ready ?? Promise.reject(new Error(`Not subscribed to execution ${executionId}`));
  }

  async events(executionId: string): Promise<RunEvent[]> {
    const raw = await this.commands.lrange(this.names.events(executionId), 0, -1);
    return raw.map((json) => JSON.parse(json) as RunEvent);
  }

  listenerCount(executionId: string): number {
    return this.channels.get(executionId)?.listeners.size ?? 0;
  }

  /** Subscribe before reading the row, or a notice published in between is missed. */
  whenStored(executionId: string): StoredWaiter {
    const channel = this.join(executionId);
    let resolveDone!: () => void;
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    channel.storedWaiters.add(resolveDone);
    return {
      ready: channel.ready,
      done,
      stop: () => {
        channel.storedWaiters.delete(resolveDone);
        this.leaveIfUnused(executionId, channel);
      },
    };
  }

  /**
   * Keeps a finished run's whole outputs for the caller waiting on another process: storage
   * holds only a preview of large values. Gone once taken, or with the event buffer's TTL.
   */
  async keepAnswer(executionId: string, outputs: Record<string, unknown>): Promise<void> {
    await this.commands.set(this.names.answer(executionId), JSON.stringify(outputs), 'PX', ENDED_BUFFER_TTL_MS);
  }

  /** The whole outputs a worker kept for the waiting caller, once; undefined when none were. */
  async takeAnswer(executionId: string): Promise<Record<string, unknown> | undefined> {
    const json = await this.commands.getdel(this.names.answer(executionId));
    return json === null ? undefined : (JSON.parse(json) as Record<string, unknown>);
  }

  /** Tells waiters (`?wait=true`, cancel) that the execution's end is in its row; after its last events. */
  async notifyStored(executionId: string): Promise<void> {
    await this.flush();
    await this.commands.pipeline().pexpire(this.names.events(executionId), ENDED_BUFFER_TTL_MS).publish(this.names.live(executionId), STORED_NOTICE).exec();
  }

  /**
   * The closing event of a run no worker will finish (cancelled while queued, worker gone),
   * already stored in its row: appended after whatever the worker published, sent to
   * watchers, and followed by the stored notice.
   */
  async appendClosing(executionId: string, event: RunEvent): Promise<void> {
    const json = JSON.stringify(event);
    const seq = await this.commands.rpush(this.names.events(executionId), json);
    await this.commands
      .pipeline()
      .pexpire(this.names.events(executionId), ENDED_BUFFER_TTL_MS)
      .publish(this.names.live(executionId), `{"seq":${seq},"events":[${json}]}`)
      .publish(this.names.live(executionId), STORED_NOTICE)
      .exec();
  }

  /** Asks the workers to cancel a run; resolves to how many workers heard it. */
  requestCancel(executionId: string): Promise<number> {
    return this.commands.publish(this.names.cancel, executionId);
  }

  /** Workers: `handler` gets the id of each execution an API process asks to cancel. */
  async onCancel(handler: (executionId: string) => void): Promise<void> {
    this.cancelHandler = handler;
    await this.subscriber.subscribe(this.names.cancel);
  }

  /** Sends what is still batched; the connections close after this. */
  async close(): Promise<void> {
    await this.flush();
  }

  private readonly flush = (): Promise<unknown> => {
    this.flushScheduled = false;
    if (this.pending.size === 0) return this.lastFlush;
    const batches = this.pending;
    this.pending = new Map();
    const pipeline = this.commands.pipeline();
    for (const [executionId, batch] of batches) {
      const key = this.names.events(executionId);
      pipeline.rpush(key, ...batch.json);
      pipeline.pexpire(key, batch.ended ? ENDED_BUFFER_TTL_MS : LIVE_BUFFER_TTL_MS);
      pipeline.publish(this.names.live(executionId), `{"seq":${batch.first},"events":[${batch.json.join(',')}]}`);
    }
    this.lastFlush = pipeline.exec().then(
      (results) => {
        const failed = results?.find(([error]) => error);
        if (failed) this.logger.error({ err: failed[0] }, 'Could not send run events to Redis');
      },
      (error: unknown) => this.logger.error({ err: error }, 'Could not send run events to Redis'),
    );
    return this.lastFlush;
  };

  private join(executionId: string): Channel {
    let channel = this.channels.get(executionId);
    if (!channel) {
      const ready = this.subscriber.subscribe(this.names.live(executionId)).then(() => undefined);
      // Awaited by whoever needs it; a failure must not also surface as unhandled.
      ready.catch(() => {});
      channel = { listeners: new Set(), storedWaiters: new Set(), ready };
      this.channels.set(executionId, channel);
    }
    return channel;
  }

  private leaveIfUnused(executionId: string, channel: Channel): void {
    if (channel.listeners.size > 0 || channel.storedWaiters.size > 0 || this.channels.get(executionId) !== channel) return;
    this.channels.delete(executionId);
    // A later subscribe to the same channel goes out after this on the same connection.
    this.subscriber.unsubscribe(this.names.live(executionId)).catch(() => {});
  }

  private receive(channelName: string, message: string): void {
    if (channelName === this.names.cancel) {
      this.cancelHandler?.(message);
      return;
    }
    const prefix = this.names.live('');
    if (!channelName.startsWith(prefix)) return;
    const channel = this.channels.get(channelName.slice(prefix.length));
    if (!channel) return;
    if (message === STORED_NOTICE) {
      for (const resolve of [...channel.storedWaiters]) resolve();
      return;
    }
    // Event batches are for watchers: a process that only waits for the end (a webhook,
    // `?wait=true`) does not parse them (issue 24: a run's outputs, in every batch).
    if (channel.listeners.size === 0) return;
    let parsed: LiveMessage;
    try {
      parsed = JSON.parse(message) as LiveMessage;
    } catch (error) {
      this.logger.error({ err: error, channel: channelName }, 'A run event message from Redis is not JSON');
      return;
    }
    if ('stored' in parsed) {
      for (const resolve of [...channel.storedWaiters]) resolve();
      return;
    }
    for (const [index, event] of parsed.events.entries()) {
      for (const listener of channel.listeners) {
        try {
          listener(parsed.seq + index, event);
        } catch {
          // One broken watcher (a socket that died mid-write) must not stop the others.
        }
      }
    }
  }
}
