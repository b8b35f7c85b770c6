import dns from 'node:dns';
import net from 'node:net';
import type { Agent, RequestInit as UndiciRequestInit, fetch as undiciFetch } from 'undici';
import { classifyAddress } from './address-class.js';
import { refusalFor } from './checked-address.js';
import { limitResponse } from './limited-response.js';
import { OutboundError, OutboundRefusedError, OutboundTimeoutError } from './outbound-errors.js';
import { isAllowedHost, isRefused, type OutboundPolicy, parseAllowedHosts } from './outbound-policy.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

export interface GuardedFetchOptions extends OutboundPolicy {
  /** Whole request, body download included. Default 30 s; a call may pass its own `timeoutMs`. */
  readonly timeoutMs?: number;
  /** Default 10 MB, counted after decompression. */
  readonly maxResponseBytes?: number;
  /** Default 5. */
  readonly maxRedirects?: number;
}

export interface GuardedRequestInit extends RequestInit {
  /** Overrides the fetch's default timeout for this call. */
  timeoutMs?: number;
}

/**
 * `fetch` for everything Weft sends on a workflow's behalf (HTTP node, LLM providers,
 * loaders), so it can be handed to SDKs as their `fetch`.
 */
export interface GuardedFetch {
  (input: string | URL | Request, init?: GuardedRequestInit): Promise<Response>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/**
 * The only headers a redirect to another origin carries on. A credential can hide in any
 * header (an API key under its own name, a header filled from a secret), so rather than
 * guess which ones do, every other header stays with the origin it was written for.
 */
const CROSS_ORIGIN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'cache-control',
  'pragma',
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
]);
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

/**
 * A fetch that refuses private destinations (SSRF guard):
 * - every name is resolved with node:dns inside undici's connect, and the connection is
 *   refused if ANY address is not public, so the address checked is the one connected to
 *   (no window for DNS rebinding between check and use);
 * - literal IPs in the URL are checked before connecting (net.connect skips lookup for them);
 * - redirects are followed here, not by undici, so each hop goes through both checks;
 * - only http and https; a timeout and a response size limit apply.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const allowedHosts = parseAllowedHosts(options.allowedPrivateHosts);
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  // undici (1 MB of JavaScript) is imported with the first request, not at start
  // (bench/cold-start.bench.mjs). Hosts the operator named are reached whatever they
  // resolve to; a separate pool keeps their connections apart from the checked ones.
  let pools: Promise<{ fetch: typeof undiciFetch; checked: Agent; trusted: Agent }> | undefined;
  const connectionPools = () => {
    pools ??= import('undici').then((undici) => ({
      fetch: undici.fetch,
      checked: new undici.Agent({ connect: { lookup: guardedLookup(options) } }),
      trusted: new undici.Agent(),
    }));
    return pools;
  };

  const guardedFetch = async (input: string | URL | Request, init: GuardedRequestInit = {}): Promise<Response> => {
    const start = await normaliseRequest(input, init);
    const timeoutMs = init.timeoutMs ?? defaultTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = start.signal ? AbortSignal.any([start.signal, timeout]) : timeout;
    let { url, method, body } = start;
    const headers = start.headers;
    let previous: string | undefined;
    // An abort by our timeout (not the caller's signal) is reported as a timeout of the hop in flight.
    const translate = (error: unknown): unknown => (timeout.aborted && !start.signal?.aborted ? new OutboundTimeoutError(url.href, timeoutMs) : error);
    const { fetch: undiciFetch, checked, trusted } = await connectionPools();
    for (let redirects = 0; ; redirects++) {
      const trustedHost = isAllowedHost(url, allowedHosts);
      checkDestination(url, options, trustedHost, previous);
      let response: Awaited<ReturnType<typeof undiciFetch>>;
      try {
        response = await undiciFetch(url, {
          method,
          headers: [...headers],
          body: body as UndiciRequestInit['body'],
          signal,
          redirect: 'manual',
          dispatcher: trustedHost ? trusted : checked,
          ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
        });
      } catch (error) {
        const refused = error instanceof TypeError ? error.cause : undefined;
        if (refused instanceof OutboundRefusedError) throw previous ? refused.afterRedirectFrom(previous) : refused;
        throw translate(error);
      }

      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) {
        return limitResponse(response, { url: url.href, redirected: redirects > 0, maxBytes, translateError: translate });
      }
      await response.body?.cancel().catch(() => undefined);
      if (redirects >= maxRedirects) {
        throw new OutboundError(`Too many redirects: ${start.url.href} redirected more than ${maxRedirects} times.`);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundError(`${url.href} redirected to "${location}", which is not a valid URL.`);
      }
      // As fetch does: 303 (and 301/302 after a POST) continue as GET without the body.
      if ((response.status === 303 && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        for (const name of BODY_HEADERS) headers.delete(name);
      } else if (body instanceof ReadableStream) {
        throw new OutboundError(`${url.href} redirected with ${response.status}, which needs the request body sent again, but it was a stream.`);
      }
      if (next.origin !== url.origin) for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_HEADERS.has(name)) headers.delete(name);
      previous = url.href;
      url = next;
    }
  };

  return Object.assign(guardedFetch, {
    close: async () => {
      if (!pools) return;
      const { checked, trusted } = await pools;
      await Promise.all([checked.close(), trusted.close()]);
    },
  });
}

interface StartRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: RequestInit['body'] | undefined;
  signal: AbortSignal | undefined;
}

async function normaliseRequest(input: string | URL | Request, init: GuardedRequestInit): Promise<StartRequest> {
  const request = input instanceof Request ? input : undefined;
  const href = request ? request.url : String(input);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new OutboundError(`"${href}" is not a valid URL.`);
  }
  const body = init.body ?? (request?.body ? await request.arrayBuffer() : undefined);
  return {
    url,
    method: (init.method ?? request?.method ?? 'GET').toUpperCase(),
    headers: new Headers(init.headers ?? request?.headers),
    body,
    signal: init.signal ?? request?.signal ?? undefined,
  };
}

/** Scheme and literal-IP checks, done for every hop before anything connects. */
function checkDestination(url: URL, policy: Pick<OutboundPolicy, 'allowPrivateNetwork'>, trustedHost: boolean, redirectedFrom: string | undefined): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const via = redirectedFrom ? ` (a redirect from ${redirectedFrom})` : '';
    throw new OutboundError(`Refused ${url.protocol}// URL ${url.href}${via}: only http and https are allowed.`);
  }
  if (trustedHost) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) === 0) return; // names are checked after DNS, in guardedLookup
  const kind = classifyAddress(host);
  if (isRefused(kind, policy)) throw new OutboundRefusedError(host, host, kind, redirectedFrom);
}

/**
 * The `lookup` undici's connector hands to net.connect: resolves with node:dns, refuses
 * the connection if any address is one the policy forbids, and otherwise answers in the
 * form net.connect asked for (one address, or all of them for happy eyeballs).
 */
function guardedLookup(policy: Pick<OutboundPolicy, 'allowPrivateNetwork'>): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '');
        return;
      }
      const refused = refusalFor(hostname, addresses, policy);
      if (refused) {
        callback(refused, '');
        return;
      }
      const first = addresses[0];
      if (lookupOptions.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '');
    });
  };
}
