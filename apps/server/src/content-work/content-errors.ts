import { DocumentProblem } from '../documents/document-problem.js';
import { ContentLimitError, LIMIT_SETTINGS } from './content-limits.js';
import type { WireError } from './content-protocol.js';

/** An error thrown in a worker, as plain data for the IPC channel. */
export function toWire(error: unknown): WireError {
  if (error instanceof ContentLimitError && error.limit !== 'memory' && error.limit !== 'time') {
    return { kind: 'limit', subject: error.subject, limit: error.limit, problem: error.problem };
  }
  if (error instanceof DocumentProblem) return { kind: 'document', fileName: error.fileName, problem: error.problem };
  if (error instanceof SyntaxError) return { kind: 'syntax', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The error a worker sent, as the class callers check for (DocumentProblem, ContentLimitError, SyntaxError). */
export function fromWire(error: WireError): Error {
  switch (error.kind) {
    case 'limit':
      return new ContentLimitError(error.subject, error.limit, error.problem);
    case 'document':
      return new DocumentProblem(error.fileName, error.problem);
    case 'syntax':
      return new SyntaxError(error.message);
    case 'other':
      return new Error(error.message);
  }
}

/** What a task is about, for messages: `big.xlsx` and `reading it`. */
export interface TaskLabel {
  readonly subject: string;
  readonly doing: string;
}

/** `big.xlsx: reading it needed more than 512 MB of memory (WEFT_CONTENT_MEMORY_MB)`. */
export function memoryError({ subject, doing }: TaskLabel, memoryMb: number): ContentLimitError {
  return new ContentLimitError(subject, 'memory', `${doing} needed more than ${memoryMb} MB of memory (${LIMIT_SETTINGS.memory})`);
}

/** `slow.pdf: reading it took longer than 120 s (WEFT_CONTENT_TIMEOUT_S)`. */
export function timeError({ subject, doing }: TaskLabel, timeoutMs: number): ContentLimitError {
  const seconds = Number((timeoutMs / 1000).toFixed(1)).toLocaleString('en');
  return new ContentLimitError(subject, 'time', `${doing} took longer than ${seconds} s (${LIMIT_SETTINGS.time})`);
}

export function crashedError({ subject, doing }: TaskLabel, detail: string): Error {
  return new Error(`${subject}: the worker process stopped unexpectedly while ${doing} (${detail}); run the workflow again`);
}

export function closedError({ subject }: TaskLabel): Error {
  return new Error(`${subject}: Weft is shutting down; run the workflow again once it is back`);
}

export function startError(detail: string): Error {
  return new Error(`The content worker process could not start: ${detail}`);
}
