import type { RunEvent } from '@weft/core';

export interface SseEvent {
  id: number;
  event: RunEvent;
}

/**
 * An execution's event stream read over real HTTP, in the background: `events` grows as
 * they come, `next` waits for one that matches, `ended` resolves when the server closes.
 */
export class EventStreamClient {
  readonly events: SseEvent[] = [];
  readonly ended: Promise<void>;
  private wake: (() => void) | undefined;
  private failure: Error | undefined;
  private closed = false;

  private constructor(
    response: Response,
    private readonly abort: AbortController,
  ) {
    this.ended = this.read(response).catch((error: unknown) => {
      if (!this.abort.signal.aborted) this.failure = error instanceof Error ? error : new Error(String(error));
    });
  }

  static async open(url: string, headers: Record<string, string>): Promise<EventStreamClient> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    if (response.status !== 200) throw new Error(`event stream answered ${response.status}: ${await response.text()}`);
    return new EventStreamClient(response, abort);
  }

  /** Resolves with the first event (already received or to come) that matches. */
  async next(match: (event: RunEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((each) => match(each.event));
      if (found) return found;
      if (this.failure) throw this.failure;
      if (this.closed) throw new Error(`stream ended without the awaited event; got ${this.events.map((e) => e.event.type).join(', ')}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`awaited event did not come in ${timeoutMs} ms; got ${this.events.map((e) => e.event.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async read(response: Response): Promise<void> {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const cut = buffer.lastIndexOf('\n\n');
        if (cut === -1) continue;
        this.events.push(...parseSse(buffer.slice(0, cut + 2)));
        buffer = buffer.slice(cut + 2);
        this.wake?.();
      }
    } finally {
      this.closed = true;
      this.wake?.();
    }
  }
}

/** Parses `id:` / `data:` blocks; comments (keep-alives) are skipped. */
export function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const id = Number(/^id: (\d+)$/m.exec(block)?.[1]);
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      return { id, event: JSON.parse(data) as RunEvent };
    });
}
