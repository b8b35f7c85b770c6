// The sandbox contract: user code run in QuickJS with the host's memory and CPU limits.

export interface SandboxRunOptions {
  readonly signal: AbortSignal;
  /** CPU time the code may use. */
  readonly timeoutMs?: number;
  /** `console.log` lines. */
  onLog(line: string): void;
  /** Whose call this is (a user id): waiting calls are served round-robin between owners. */
  readonly owner?: string;
}

export interface SandboxService {
  /**
   * Runs `code` as the body of an async function inside QuickJS, with each entry of
   * `globals` (JSON values) in scope, and resolves with the JSON value it returns.
   * Throws a plain Error (the user's error message, "timed out", "out of memory").
   */
  runFunctionBody(code: string, globals: Readonly<Record<string, unknown>>, options: SandboxRunOptions): Promise<unknown>;
}
