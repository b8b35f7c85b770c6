import { createHash } from 'node:crypto';
import { sessionIdProblem } from '../runs/agent-memory.js';
import { jsonDepthProblem } from './body-guard.js';
import { badRequest } from './http-error.js';

/**
 * How an HTTP request becomes a run: its idempotency key and the run input a body
 * carries. The API's run route and the public webhook share it; which nodes take the
 * input and what a run answers are core's rules (run-io.ts), shared with the editor and
 * the scheduler. docs/ARCHITECTURE.md "Triggers" lists what a new trigger touches.
 */

/** The `Idempotency-Key` header, if sent: 1–200 characters, else 400. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length < 1 || value.length > 200) {
    throw badRequest('Idempotency-Key must be sent once, 1 to 200 characters long', 'invalid_input');
  }
  return value;
}

/**
 * The `X-Weft-Session` header, if sent: the conversation an Agent with memory continues
 * (docs/API.md "Agent memory"); a header, so any body (form, text, JSON) can carry a session.
 */
export function sessionIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['x-weft-session'];
  if (value === undefined) return undefined;
  const problem = sessionIdProblem(value);
  if (problem) throw badRequest(`X-Weft-Session: ${problem}`, 'invalid_input');
  return value as string;
}

/**
 * Idempotency keys are looked up per user; a webhook caller may only see this workflow's
 * runs, so its key is namespaced by workflow (hashed, to fit the 200-character column).
 */
export function webhookIdempotencyKey(workflowId: string, key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  return `hook:${createHash('sha256').update(`${workflowId}\n${key}`).digest('hex')}`;
}

/**
 * The run input a raw body carries (docs/API.md "Webhooks"): JSON as the value it
 * encodes (checked, and kept as JSON: a Text Input gives its JSON text, the execution's
 * inputs show it as sent), a form as an object of its fields (a repeated field as a
 * list), anything else as its text; an empty body as empty text.
 */
export function bodyRunInput(contentType: string | undefined, body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return '';
  const text = body.toString('utf8');
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime === 'application/json' || mime.endsWith('+json')) {
    // Deep nesting parses, but every later step that walks the value (storing, templating,
    // handing it to a worker) recurses: 1 MB of `[` used to end as a 500.
    const tooDeep = jsonDepthProblem(text);
    if (tooDeep) throw tooDeep;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw badRequest(`The body was sent as ${mime} but is not valid JSON (${(error as Error).message}). Fix it or send it as text/plain.`, 'invalid_body');
    }
  }
  if (mime === 'application/x-www-form-urlencoded') {
    const fields: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const seen = fields[key];
      fields[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    return fields;
  }
  return text;
}
