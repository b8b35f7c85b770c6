import { type JsonSchema, schemaProblem } from '../tools/json-schema.js';

/*
 * The small value helpers of the Agent's loop (agent-loop.ts): a tool call's arguments as
 * the model sent them, the answer checked against its schema, a wait that a signal ends.
 */

/** A call's arguments as an object: JSON text or an object, nothing (no arguments) as `{}`. */
export function readArguments(raw: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return { ok: false, problem: 'The arguments are not valid JSON.' };
    }
  }
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'The arguments must be a JSON object.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The model's final answer as JSON fitting the schema (a fenced ```json block is accepted). */
export function checkJsonAnswer(text: string, schema: JsonSchema): { ok: true; value: unknown } | { ok: false; problem: string } {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  let value: unknown;
  try {
    value = JSON.parse(fenced?.[1] ?? text);
  } catch {
    return { ok: false, problem: 'it is not valid JSON' };
  }
  const problem = schemaProblem(schema, value);
  return problem ? { ok: false, problem } : { ok: true, value };
}

/** Resolves as `work` does, or rejects the moment `signal` aborts (a tool that ignores its signal is not waited for). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Unknown error';
}
