import type { HttpRequestSpec, HttpResponseData, HttpService } from '@weft/nodes';
import { createGuardedFetch, DEFAULT_TIMEOUT_MS, type GuardedFetch, type GuardedFetchOptions } from './guarded-fetch.js';
import { describeNetworkError, OutboundError } from './outbound-errors.js';

export interface HttpServiceOptions extends GuardedFetchOptions {
  /** The most a request may ask for with its own `timeoutMs`. Default 5 minutes. */
  readonly maxTimeoutMs?: number;
  /**
   * Parses an answer's JSON for `response.json()`: the content workers' parse (large bodies
   * off the event loop, nesting limited). Without it responses offer no `json()`.
   */
  readonly parseJson?: (text: string, options: { subject: string; owner?: string; signal: AbortSignal }) => Promise<unknown>;
}

export interface ClosableHttpService extends HttpService {
  /** `owner` (a user id) says whose work a large answer's JSON parse is, for the content workers' fair share. */
  request(spec: HttpRequestSpec, options: { signal: AbortSignal; owner?: string }): Promise<HttpResponseData>;
  close(): Promise<void>;
}

const DEFAULT_MAX_TIMEOUT_MS = 5 * 60_000;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The HTTP service nodes use (HTTP Request, loaders): every request goes through the
 * outbound guard (guarded-fetch.ts), and failures become errors a workflow's author can
 * act on. Statuses of 4xx and 5xx are answers, not errors: the node decides.
 */
export function createHttpService(options: HttpServiceOptions, fetch: GuardedFetch = createGuardedFetch(options)): ClosableHttpService {
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxTimeoutMs = options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS;

  return {
    async request(spec: HttpRequestSpec, { signal, owner }: { signal: AbortSignal; owner?: string }): Promise<HttpResponseData> {
      const method = spec.method.toUpperCase();
      if (!TOKEN.test(method)) throw new Error(`"${spec.method}" is not an HTTP method.`);
      if (spec.body !== undefined && (method === 'GET' || method === 'HEAD')) {
        throw new Error(`A ${method} request cannot have a body; use POST, PUT or PATCH to send one.`);
      }
      const timeoutMs = Math.min(spec.timeoutMs ?? defaultTimeoutMs, maxTimeoutMs);
      try {
        const response = await fetch(spec.url, { method, headers: checkedHeaders(spec.headers), body: spec.body, signal, timeoutMs });
        const body = await response.text();
        const answer = { status: response.status, headers: headerRecord(response.headers), body, url: response.url };
        const { parseJson } = options;
        if (!parseJson) return answer;
        return { ...answer, json: () => parseJson(body, { subject: `The response from ${response.url || spec.url}`, owner, signal }) };
      } catch (error) {
        throw explain(error, spec.url, signal);
      }
    },
    close: () => fetch.close(),
  };
}

function checkedHeaders(headers: Readonly<Record<string, string>> | undefined): Headers {
  const checked = new Headers();
  for (const [name, value] of Object.entries(headers ?? {})) {
    try {
      checked.append(name, value);
    } catch {
      throw new Error(`The header "${name}" is not valid: names are letters, digits and -, and values cannot contain line breaks.`);
    }
  }
  return checked;
}

/** Repeated headers are joined with ", " (Set-Cookie included, which the node shows as text anyway). */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of headers) record[name] = record[name] === undefined ? value : `${record[name]}, ${value}`;
  return record;
}

function explain(error: unknown, url: string, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof OutboundError) return error;
  const reason = describeNetworkError(error);
  if (reason) return new Error(`Could not connect to ${originOf(url)}: ${reason}.`, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`The request to ${url} failed: ${message}`, { cause: error });
}

function originOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
