import { randomUUID } from 'node:crypto';
import type { RunEvent } from '@weft/core';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RunEventHub, RunEventListener } from '../runs/run-event-hub.js';
import type { LiveEventSource } from '../runs/watch-run.js';
import type { RedisNames } from './redis-names.js';

/** While a run goes, its event buffer outlives its last event by this much (each event renews it). */
const LIVE_BUFFER_TTL_MS = 24 * 60 * 60_000;
/**
 * After the end the stored row has the events; the buffer stays a little for a watcher
 * that read the row as running just before the end was stored.
 */
const ENDED_BUFFER_TTL_MS = 10 * 60_000;

/** The message on a run's channel saying its end is in its row. */
const STORED_NOTICE = '{"stored":true}';

/** Whole answers up to this size travel in the reply notice itself (no GETDEL for the waiter). */
const REPLY_ANSWER_MAX_BYTES = 16 * 1024;
/**
 * An answer that travelled in the reply notice is also kept this long, for a waiter whose
 * subscriber connection dropped the notice (it finds the end by polling the row, every 5 s).
 */
const REPLIED_ANSWER_TTL_MS = 30_000;
/** A reply nobody came to wait for (the request died between the start and the wait) is forgotten after this. */
const REPLY_FORGOTTEN_MS = 10 * 60_000;

/**
 * What a waiting API process hears on its reply channel once a run's end is stored: the
 * whole answer (`outputs`), that it is kept under the answer key (`kept`), or neither (no
 * answer: the row says everything).
 */
export interface ReplyNotice {
  id: string;
  outputs?: Record<string, unknown>;
  kept?: true;
}

/** A run launched by this process whose caller will wait: its reply, once heard. */
export interface ReplySlot {
  notice: ReplyNotice | undefined;
  done: Promise<void>;
}

interface HeldReply extends ReplySlot {
  resolve(): void;
  timer: NodeJS.Timeout;
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
  /** This process's reply channel, and whether Redis confirmed the subscription (then jobs name it). */
  private readonly replyChannel: string;
  private repliesHeard = false;
  private readonly replies = new Map<string, HeldReply>();

  constructor(
    /** Commands and publishing. */
    private readonly commands: Redis,
    /** In subscriber mode: nothing but (un)subscribing on it. */
    private readonly subscriber: Redis,
    private readonly names: RedisNames,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => this.receive(channel, message));
    this.replyChannel = names.reply(randomUUID());
  }

  /**
   * Subscribes this process's reply channel, once, at the start (issue 24): a run whose
   * caller waits names it in its job, and the worker tells the end there, so waiting costs
   * no SUBSCRIBE and UNSUBSCRIBE per run. Until Redis confirms it, jobs name no channel and
   * their waiters use the run's own channel, as before.
   */
  async listenForReplies(): Promise<void> {
    await this.subscriber.subscribe(this.replyChannel);
    this.repliesHeard = true;
  }

  /**
   * Before the job of a run whose caller will wait is added: holds a slot for its reply, so
   * one that comes before `waitFor` is kept. The channel to name in the job, or undefined
   * when this process is not subscribed (yet).
   */
  expectReply(executionId: string): string | undefined {
    if (!this.repliesHeard) return undefined;
    let resolve!: () => void;
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const timer = setTimeout(() => this.replies.delete(executionId), REPLY_FORGOTTEN_MS);
    timer.unref();
    this.replies.set(executionId, { notice: undefined, done, resolve, timer });
    return this.replyChannel;
  }

  /** The slot `expectReply` held for the execution, if any (`waitFor`); `dropReply` when done with it. */
  reply(executionId: string): ReplySlot | undefined {
    return this.replies.get(executionId);
  }

  dropReply(executionId: string): void {
    const held = this.replies.get(executionId);
    if (!held) return;
    clearTimeout(held.timer);
    this.replies.delete(executionId);
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

  /** The whole outputs a worker kept for the waiting caller, once; undefined when none were. */
  async takeAnswer(executionId: string): Promise<Record<string, unknown> | undefined> {
    const json = await this.commands.getdel(this.names.answer(executionId));
    return json === null ? undefined : (JSON.parse(json) as Record<string, unknown>);
  }

  /**
   * Tells waiters (`?wait=true`, cancel) that the execution's end is in its row; after its
   * last events, in one pipeline. `answer`: the whole outputs for the caller waiting on
   * another process (storage holds only a preview of large values), kept under the answer
   * key (taken once, or gone with the event buffer's TTL). `replyTo`: the waiting process's
   * reply channel, told too; a small answer travels in that notice, and is kept only briefly
   * for a waiter that missed it.
   */
  async notifyStored(executionId: string, answer?: Record<string, unknown>, replyTo?: string): Promise<void> {
    await this.flush();
    const pipeline = this.commands.pipeline();
    const json = answer === undefined ? undefined : JSON.stringify(answer);
    const inNotice = json !== undefined && replyTo !== undefined && Buffer.byteLength(json) <= REPLY_ANSWER_MAX_BYTES;
    if (json !== undefined) pipeline.set(this.names.answer(executionId), json, 'PX', inNotice ? REPLIED_ANSWER_TTL_MS : ENDED_BUFFER_TTL_MS);
    pipeline.pexpire(this.names.events(executionId), ENDED_BUFFER_TTL_MS).publish(this.names.live(executionId), STORED_NOTICE);
    if (replyTo !== undefined) {
      const id = JSON.stringify(executionId);
      pipeline.publish(replyTo, inNotice ? `{"id":${id},"outputs":${json}}` : json === undefined ? `{"id":${id}}` : `{"id":${id},"kept":true}`);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }

  /** A run this process waits for is stored: told by its reply, or ended here (a queued cancel). */
  replied(notice: ReplyNotice): void {
    const held = this.replies.get(notice.id);
    if (!held || held.notice) return;
    held.notice = notice;
    held.resolve();
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

  /**
   * A waiting run taken up again (tool approval, `RunJob.resume`): its list is written anew
   * with the events stored before the wait and `run:resumed`, so a reader folds the whole
   * run and the worker's next events follow at their sequence numbers. The answer kept for
   * the wait that ended `waiting` goes, or a wait for the resumed end would take it.
   */
  async restart(executionId: string, events: readonly RunEvent[]): Promise<void> {
    await this.flush();
    const key = this.names.events(executionId);
    const json = events.map((event) => JSON.stringify(event));
    const pipeline = this.commands.pipeline().del(key, this.names.answer(executionId));
    if (json.length > 0) {
      pipeline
        .rpush(key, ...json)
        .pexpire(key, LIVE_BUFFER_TTL_MS)
        .publish(this.names.live(executionId), `{"seq":1,"events":[${json.join(',')}]}`);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
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
    if (channelName === this.replyChannel) {
      try {
        this.replied(JSON.parse(message) as ReplyNotice);
      } catch (error) {
        this.logger.error({ err: error, channel: channelName }, 'A reply message from Redis is not JSON');
      }
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
