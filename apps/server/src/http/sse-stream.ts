import type { ServerResponse } from 'node:http';

/** A comment line every 15 s keeps proxies and browsers from closing a quiet stream. */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * A server-sent events response. Events written before `attach` (a replay that runs while
 * the route still decides between 404 and a stream) wait in memory and go out first.
 */
export class SseStream {
  private pending: string[] | undefined = [];
  private raw: ServerResponse | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;
  private onClosed: (() => void) | undefined;

  constructor(private readonly heartbeatMs = SSE_HEARTBEAT_MS) {}

  /** Whether anything was written or queued yet. */
  get isEmpty(): boolean {
    return this.pending !== undefined && this.pending.length === 0 && !this.raw;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  send(id: number, data: unknown): void {
    this.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Starts the response on `raw` (a hijacked reply); `onClosed` runs once when the client or we end it. */
  attach(raw: ServerResponse, onClosed: () => void): void {
    this.raw = raw;
    this.onClosed = onClosed;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream and deliver it in lumps.
      'x-accel-buffering': 'no',
    });
    // Headers go out now, not with the first event: the client knows at once it is connected.
    raw.flushHeaders();
    raw.on('close', () => this.closed());
    for (const chunk of this.pending ?? []) raw.write(chunk);
    this.pending = undefined;
    if (this.ended) {
      raw.end();
      this.closed();
      return;
    }
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.raw) return;
    if (!this.raw.writableEnded) this.raw.end();
    this.closed();
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (!this.raw) {
      this.pending?.push(chunk);
      return;
    }
    if (!this.raw.destroyed) this.raw.write(chunk);
  }

  private closed(): void {
    this.ended = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const onClosed = this.onClosed;
    this.onClosed = undefined;
    onClosed?.();
  }
}
