import type { SandboxFailure } from './sandbox-protocol.js';

export type SandboxErrorKind = SandboxFailure['kind'] | 'cancelled' | 'crashed' | 'closed' | 'invalid-input';

/** A failed sandbox call; `message` is written for the person who wrote the code. */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';

  constructor(
    readonly kind: SandboxErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface SandboxLimits {
  readonly timeoutMs: number;
  readonly memoryMb: number;
  readonly maxOutputChars: number;
}

export function sandboxError(failure: SandboxFailure, limits: SandboxLimits): SandboxError {
  return new SandboxError(failure.kind, failureMessage(failure, limits));
}

function failureMessage(failure: SandboxFailure, limits: SandboxLimits): string {
  switch (failure.kind) {
    case 'timeout':
      return `Code ran longer than ${limits.timeoutMs} ms and was stopped`;
    case 'memory':
      return `Code used more than ${limits.memoryMb} MB of memory and was stopped`;
    case 'stack':
      return 'Code went too deep (too much recursion) and was stopped';
    case 'thrown':
      return failure.line === undefined ? failure.message : `${failure.message} (line ${failure.line})`;
    case 'not-json':
      return `Code must return JSON-compatible data: ${failure.detail}`;
    case 'output-too-large':
      return `Code returned ${megabytes(failure.chars)} MB of JSON; at most ${megabytes(limits.maxOutputChars)} MB is allowed`;
    case 'never-settled':
      return 'Code returned a promise that never settles (the sandbox has no timers or I/O to wait for)';
    case 'input-too-large':
      return `The input is too large for the code sandbox (${limits.memoryMb} MB of memory)`;
    case 'internal':
      return `The code sandbox failed: ${failure.detail}`;
  }
}

function megabytes(chars: number): string {
  return (chars / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

export const cancelledError = (): SandboxError => new SandboxError('cancelled', 'Cancelled');
export const crashedError = (): SandboxError => new SandboxError('crashed', 'The code sandbox stopped unexpectedly; run the workflow again');
export const closedError = (): SandboxError => new SandboxError('closed', 'The code sandbox is shut down');
