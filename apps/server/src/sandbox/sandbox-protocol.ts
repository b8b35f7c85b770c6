/**
 * Messages between the sandbox pool (main thread) and a sandbox worker. Only plain data
 * crosses: the user's code and its input as strings, the result as a JSON string.
 * The worker imports this file with `import type` only, so it stays self-contained.
 */

/** Fixed for a worker's life; sent as `workerData`. */
export interface SandboxWorkerSettings {
  /** file: URL of quickjs-emscripten, resolved by the main thread (see sandbox-worker.ts). */
  readonly quickjsUrl: string;
  readonly memoryBytes: number;
  readonly stackBytes: number;
  /** Longest JSON text (in characters) a call may return. */
  readonly maxOutputChars: number;
  readonly maxLogLines: number;
  readonly maxLogLineChars: number;
}

export interface SandboxRunRequest {
  readonly type: 'run';
  readonly id: number;
  /** Names of the function's parameters, already checked to be plain identifiers. */
  readonly names: readonly string[];
  /** `JSON.stringify` of an object with those names as keys. */
  readonly argsJson: string;
  readonly code: string;
  readonly timeoutMs: number;
}

/** Why a call failed; the pool turns this into the message a user reads. */
export type SandboxFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'memory' }
  | { readonly kind: 'stack' }
  | { readonly kind: 'thrown'; readonly message: string; readonly line?: number }
  | { readonly kind: 'not-json'; readonly detail: string }
  | { readonly kind: 'output-too-large'; readonly chars: number }
  | { readonly kind: 'never-settled' }
  | { readonly kind: 'input-too-large' }
  | { readonly kind: 'internal'; readonly detail: string };

export type SandboxOutcome = { readonly ok: true; readonly json: string } | ({ readonly ok: false } & SandboxFailure);

export type SandboxWorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'log'; readonly id: number; readonly line: string }
  | {
      readonly type: 'done';
      readonly id: number;
      readonly outcome: SandboxOutcome;
      /** The worker's WebAssembly state may be damaged or bloated: replace it. */
      readonly retire: boolean;
    };
