import { createHash } from 'node:crypto';

/**
 * Where scale-out's API processes note the runs of the calls they answer (Redis, through
 * the commands connection): the few commands of it used here.
 */
export interface SharedCallStore {
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<unknown>;
}

/** How long a call waits for its run unless told otherwise: as long as the run API's `?wait=true`. */
export const DEFAULT_CALL_TIMEOUT_MS = 5 * 60_000;

/** The run a call started, as noted for other processes. */
export interface CallRun {
  userId: string;
  executionId: string;
}

/**
 * The `tools/call` requests this process is answering, so that a client's
 * `notifications/cancelled` can stop one. The endpoint keeps no session: the cancellation
 * comes in a POST of its own, answered by a new server instance, which finds the call
 * here by who sent it (API key and the client's `Mcp-Session-Id`, a label Weft hands out
 * at `initialize` and keeps nothing about) and the JSON-RPC id of the request it cancels.
 * In scale-out the cancellation may land on another API process than the call: each call
 * also notes its run in Redis (`<prefix>:mcp:call:<sha256 of the key>`, until the wait
 * ends), so whichever process gets the cancellation cancels the run, and the process
 * holding the call sees it end.
 */
export class McpCalls {
  private readonly calls = new Map<string, AbortController>();

  constructor(private readonly shared?: { store: SharedCallStore; prefix: string; ttlSeconds: number }) {}

  /** Registers a call; `signal` aborts when it is cancelled, `end` forgets it. */
  begin(key: string): { signal: AbortSignal; end: () => Promise<void> } {
    const controller = new AbortController();
    // A client reusing a request id while the first call runs: the newer one is the one it can still cancel.
    this.calls.set(key, controller);
    return {
      signal: controller.signal,
      end: async () => {
        if (this.calls.get(key) !== controller) return;
        this.calls.delete(key);
        await this.shared?.store.del(this.sharedKey(key));
      },
    };
  }

  /** Notes the run a call started, for a cancellation that reaches another process (scale-out only). */
  async noteRun(key: string, run: CallRun): Promise<void> {
    if (!this.shared) return;
    await this.shared.store.set(this.sharedKey(key), JSON.stringify(run), 'EX', this.shared.ttlSeconds);
  }

  /**
   * Cancels the call: aborts it when this process holds it ('here'); else answers the run
   * another process noted for it, for the caller to cancel; else undefined (it ended).
   */
  async cancel(key: string): Promise<'here' | CallRun | undefined> {
    const controller = this.calls.get(key);
    if (controller) {
      this.calls.delete(key);
      controller.abort(new Error('Cancelled by the MCP client'));
      return 'here';
    }
    if (!this.shared) return undefined;
    const noted = await this.shared.store.get(this.sharedKey(key));
    return noted === null ? undefined : (JSON.parse(noted) as CallRun);
  }

  /** How many calls are in flight here (tests, metrics). */
  get size(): number {
    return this.calls.size;
  }

  private sharedKey(key: string): string {
    return `${this.shared?.prefix ?? ''}:mcp:call:${createHash('sha256').update(key).digest('hex')}`;
  }
}

/** A call's key: who sent it and the request's JSON-RPC id. */
export function mcpCallKey(apiKeyId: string, sessionId: string | undefined, requestId: string | number): string {
  return JSON.stringify([apiKeyId, sessionId ?? '', requestId]);
}

/** The request ids a POST body cancels (`notifications/cancelled`, alone or in a batch). */
export function cancelledRequestIds(body: unknown): (string | number)[] {
  const messages = Array.isArray(body) ? body : [body];
  const ids: (string | number)[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
    if (method !== 'notifications/cancelled') continue;
    const id = params?.requestId;
    if (typeof id === 'string' || typeof id === 'number') ids.push(id);
  }
  return ids;
}

/** Whether a POST body is (or holds) the `initialize` request. */
export function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize');
}
