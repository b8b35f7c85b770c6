import { executionEventsPath } from '../../api/executions';
import type { StreamState } from './run.store';
import { parseEventMessage, type SequencedEvent } from './run-view';

export interface RunStreamHandlers {
  /** Events in stream order, a batch at a time (tokens can come hundreds a second). */
  onEvents(batch: SequencedEvent[]): void;
  onState(state: StreamState): void;
  /** The server refused the stream (not found, signed out, not an event stream): no retry follows. */
  onBroken(): void;
}

/** How long events gather before they reach the store: one repaint for a burst of tokens. */
const FLUSH_MS = 40;

/**
 * Follows `GET /api/executions/:id/events`. On a dropped connection the browser
 * reconnects by itself and sends `Last-Event-ID`; repeats are the reader's to skip (see
 * `foldEvents`). The stream is closed on `run:finished`, before the server ends it,
 * since an ended stream would otherwise be reopened every few seconds. A run that stops
 * to wait for approval (`run:finished` with `waiting`) is not closed at once: a resumed
 * run's replay goes on past it, and a run that still waits is ended by the server, which
 * here closes quietly. Answers a function that closes it.
 */
export function openRunStream(executionId: string, handlers: RunStreamHandlers): () => void {
  const source = new EventSource(executionEventsPath(executionId));
  let queue: SequencedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  /** The last event was a wait for approval: the server's end of the stream is expected. */
  let waiting = false;

  const flush = () => {
    timer = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    handlers.onEvents(batch);
  };
  const close = () => {
    closed = true;
    source.close();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  handlers.onState('connecting');
  source.onopen = () => {
    if (!closed) handlers.onState('open');
  };
  source.onmessage = (message: MessageEvent<string>) => {
    if (closed) return;
    const parsed = parseEventMessage(message.lastEventId, message.data);
    if (!parsed) return;
    queue.push(parsed);
    waiting = parsed.event.type === 'run:finished' && parsed.event.status === 'waiting';
    if (waiting) {
      if (timer !== null) clearTimeout(timer);
      flush();
      return;
    }
    if (parsed.event.type === 'run:finished') {
      close();
      flush();
      handlers.onState('closed');
      return;
    }
    timer ??= setTimeout(flush, FLUSH_MS);
  };
  source.onerror = () => {
    if (closed) return;
    if (waiting) {
      // The run waits for a decision: the server ended the stream, nothing more comes.
      close();
      handlers.onState('closed');
      return;
    }
    // CONNECTING: the browser is already retrying. CLOSED: it gave up (an error status).
    if (source.readyState === EventSource.CONNECTING) {
      handlers.onState('reconnecting');
      return;
    }
    close();
    flush();
    handlers.onState('closed');
    handlers.onBroken();
  };

  return () => {
    queue = [];
    close();
  };
}
