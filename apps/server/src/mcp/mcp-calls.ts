/**
 * The `tools/call` requests this process is answering, so that a client's
 * `notifications/cancelled` can stop one. The endpoint keeps no session: the cancellation
 * comes in a POST of its own, answered by a new server instance, which finds the call
 * here by who sent it (API key and the client's `Mcp-Session-Id`, a label Weft hands out
 * at `initialize` and keeps nothing about) and the JSON-RPC id of the request it cancels.
 * A call held by another API process is not found here; the client closing its
 * connection still stops it there.
 */
export class McpCalls {
  private readonly calls = new Map<string, AbortController>();

  /** Registers a call; `signal` aborts when it is cancelled, `end` forgets it. */
  begin(key: string): { signal: AbortSignal; end: () => void } {
    const controller = new AbortController();
    // A client reusing a request id while the first call runs: the newer one is the one it can still cancel.
    this.calls.set(key, controller);
    return {
      signal: controller.signal,
      end: () => {
        if (this.calls.get(key) === controller) this.calls.delete(key);
      },
    };
  }

  /** Aborts the call, if this process holds it; true when it did. */
  cancel(key: string): boolean {
    const controller = this.calls.get(key);
    if (!controller) return false;
    this.calls.delete(key);
    controller.abort(new Error('Cancelled by the MCP client'));
    return true;
  }

  /** How many calls are in flight (tests, metrics). */
  get size(): number {
    return this.calls.size;
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
