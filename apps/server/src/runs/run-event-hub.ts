import type { RunEvent } from '@weft/core';

export type RunEventListener = (seq: number, event: RunEvent) => void;

/**
 * Carries a run's events, live, from whoever runs it to whoever watches it (the SSE
 * route). In embedded mode that is one process and a map of listeners; in scale-out mode
 * a Redis pub/sub implementation would carry them from a worker to the API process
 * holding the browser's stream.
 *
 * Promises: events of one execution reach a listener in the order published, each with
 * its sequence number. Does not promise: delivery of events published before
 * `subscribe` (replay is the run service's job, from its buffer or the stored events).
 */
export interface RunEventHub {
  publish(executionId: string, seq: number, event: RunEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(executionId: string, listener: RunEventListener): () => void;
  /** Subscriptions of one execution: the run skips nothing for a run nobody watches, but tests look. */
  listenerCount(executionId: string): number;
}

/** Embedded mode: listeners in a map, called synchronously. */
export class InProcessRunEventHub implements RunEventHub {
  private readonly listeners = new Map<string, Set<RunEventListener>>();

  publish(executionId: string, seq: number, event: RunEvent): void {
    const set = this.listeners.get(executionId);
    if (!set) return;
    for (const listener of set) {
      try {
        listener(seq, event);
      } catch {
        // One broken watcher (a socket that died mid-write) must not stop the run or the others.
      }
    }
  }

  subscribe(executionId: string, listener: RunEventListener): () => void {
    let set = this.listeners.get(executionId);
    if (!set) {
      set = new Set();
      this.listeners.set(executionId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(executionId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(executionId);
    };
  }

  listenerCount(executionId: string): number {
    return this.listeners.get(executionId)?.size ?? 0;
  }
}
