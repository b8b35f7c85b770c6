import type { RunEvent } from '@weft/core';
import type { ActiveRun } from './active-run.js';
import { isActiveStatus } from './execution-types.js';
import type { ExecutionsRepository } from './executions.repository.js';
import { storedEventsOf } from './run-data-storage.js';
import type { RunEventHub } from './run-event-hub.js';

/** Where a watcher's events go (the SSE route writes them to the socket). */
export interface RunEventSink {
  event(seq: number, event: RunEvent): void;
  /** The run has finished and every event was delivered. */
  end(): void;
}

/** Stops a watch; safe to call more than once. */
export type StopWatching = () => void;

/**
 * Scale-out: where the events of a run in progress in another process come from. The
 * hub's subscription is only sure to carry every later event once `subscribed` resolves
 * (Redis confirms it), and the events before it are in a buffer the worker appends to.
 */
export interface LiveEventSource {
  subscribed(executionId: string): Promise<void>;
  /** Every event of the run so far, in order (`seq` = index + 1). */
  events(executionId: string): Promise<RunEvent[]>;
}

/**
 * Delivers each event once, in order, from `after` on, and ends the sink after
 * `run:finished`. Replay and live events may overlap; the sequence number drops repeats.
 */
class Forwarder {
  private ended = false;
  stop: StopWatching = () => {};

  constructor(
    private last: number,
    private readonly sink: RunEventSink,
  ) {}

  get isEnded(): boolean {
    return this.ended;
  }

  forward = (seq: number, event: RunEvent): void => {
    if (this.ended || seq <= this.last) return;
    this.last = seq;
    this.sink.event(seq, event);
    if (endsRun(event)) this.finish();
  };

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    this.sink.end();
  }
}

/**
 * Whether the stream of a run held in memory ends with this event: a run's end, but not a
 * wait for approval that it has resumed from (a resumed run's stream holds that one).
 */
function endsRun(event: RunEvent): boolean {
  return event.type === 'run:finished' && event.status !== 'waiting';
}

/**
 * A run of this process: its buffer holds every event so far. Replaying the buffer and
 * subscribing happen in one synchronous step, so no event falls between them.
 */
export function watchActiveRun(run: ActiveRun, hub: RunEventHub, after: number, sink: RunEventSink): StopWatching {
  const forwarder = new Forwarder(after, sink);
  for (const { seq, event } of run.eventsAfter(after)) forwarder.forward(seq, event);
  if (forwarder.isEnded) return () => {};
  const last = run.recorder.events.at(-1);
  if (run.finished || (last !== undefined && endsRun(last))) {
    // Nothing more will come: the watcher already had the end, or the run ended without
    // engine events (cancelled while queued).
    forwarder.finish();
    return () => {};
  }
  forwarder.stop = hub.subscribe(run.id, forwarder.forward);
  return () => forwarder.stop();
}

/**
 * A run this process does not hold: finished (replayed from the stored events), or run
 * elsewhere (replayed from `live`, scale-out). The hub subscription starts before the
 * stored events are read, and live events that arrive meanwhile wait until the replay is
 * done, so none is lost or repeated. Undefined when the execution is not the user's.
 */
export async function watchStoredRun(
  repository: ExecutionsRepository,
  hub: RunEventHub,
  userId: string,
  executionId: string,
  after: number,
  sink: RunEventSink,
  live?: LiveEventSource,
): Promise<StopWatching | undefined> {
  const forwarder = new Forwarder(after, sink);
  const early: [number, RunEvent][] = [];
  let replayed = false;
  const unsubscribe = hub.subscribe(executionId, (seq, event) => {
    if (replayed) forwarder.forward(seq, event);
    else early.push([seq, event]);
  });
  forwarder.stop = unsubscribe;
  let row: Awaited<ReturnType<ExecutionsRepository['getEvents']>>;
  let stored: RunEvent[];
  try {
    if (live) await live.subscribed(executionId);
    row = await repository.getEvents(userId, executionId);
    if (!row) {
      unsubscribe();
      return undefined;
    }
    // A run still going elsewhere has no stored events yet: its buffer has them.
    if (live && isActiveStatus(row.status)) stored = await live.events(executionId);
    // Stored events leave out values kept in the nodes and outputs columns (run-data-storage.ts).
    else stored = storedEventsOf(row, executionId);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  for (const [index, event] of stored.entries()) forwarder.forward(index + 1, event);
  replayed = true;
  for (const [seq, event] of early) forwarder.forward(seq, event);
  if (!forwarder.isEnded && !isActiveStatus(row.status)) {
    // Finished, and the watcher had everything already, or the row has no closing event
    // (an orphan marked failed at start-up): close with what the row says.
    const status = row.status as 'success' | 'error' | 'cancelled' | 'waiting';
    const finished: RunEvent = {
      type: 'run:finished',
      runId: executionId,
      at: row.finished_at ? Date.parse(row.finished_at) : 0,
      status,
      outputs: row.outputs ? (JSON.parse(row.outputs) as Record<string, unknown>) : {},
      ...(row.error ? { error: row.error } : {}),
    };
    // A waiting run cancelled: its stored events end with the wait, the row says the end.
    const last = stored.at(-1);
    if (last?.type !== 'run:finished' || last.status !== status) forwarder.forward(stored.length + 1, finished);
    forwarder.finish();
  }
  return () => forwarder.stop();
}
