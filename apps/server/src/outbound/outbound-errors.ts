import { formatBytes } from '@weft/core';
import { type AddressClass, describeAddressClass } from './address-class.js';

/** A refusal or limit of the outbound guard. The message is written for the workflow's author. */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

/** The destination (or one address its name resolves to) is not one a workflow may reach. */
export class OutboundRefusedError extends OutboundError {
  override name = 'OutboundRefusedError';

  constructor(
    /** The host as written in the URL (brackets stripped from IPv6). */
    readonly host: string,
    /** The address that made the guard refuse: the host itself or what DNS gave for it. */
    readonly address: string,
    readonly kind: AddressClass,
    /** The URL whose redirect led here, when it was a redirect. */
    readonly redirectedFrom?: string,
  ) {
    const target = host === address ? `${host} (${describeAddressClass(kind)})` : `${host} (${address}, ${describeAddressClass(kind)})`;
    const via = redirectedFrom ? ` after a redirect from ${redirectedFrom}` : '';
    const advice =
      kind === 'cloud-metadata'
        ? 'Requests to cloud metadata services are blocked; an operator can allow a specific host with WEFT_ALLOWED_PRIVATE_HOSTS.'
        : 'Requests to private networks are blocked; an operator can allow them with WEFT_ALLOW_PRIVATE_NETWORK=1 or WEFT_ALLOWED_PRIVATE_HOSTS.';
    super(`Refused to connect to ${target}${via}. ${advice}`);
  }

  /** The same refusal, saying which redirect led to it. */
  afterRedirectFrom(url: string): OutboundRefusedError {
    return new OutboundRefusedError(this.host, this.address, this.kind, url);
  }
}

export class ResponseTooLargeError extends OutboundError {
  override name = 'ResponseTooLargeError';

  constructor(
    readonly url: string,
    readonly limitBytes: number,
  ) {
    super(`The response from ${url} is larger than ${formatBytes(limitBytes)}, so the download was stopped.`);
  }
}

export class OutboundTimeoutError extends OutboundError {
  override name = 'OutboundTimeoutError';

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`The request to ${url} timed out after ${timeoutMs} ms.`);
  }
}

/** The first error in `error`'s cause chain (AggregateError members included) that `test` accepts. */
export function findCause<T>(error: unknown, test: (candidate: unknown) => candidate is T): T | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const candidate = queue.shift();
    if (candidate === undefined || candidate === null || seen.has(candidate)) continue;
    seen.add(candidate);
    if (test(candidate)) return candidate;
    if (candidate instanceof AggregateError) queue.push(...candidate.errors);
    if (candidate instanceof Error) queue.push(candidate.cause);
  }
  return undefined;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending the response',
};

/**
 * A short reason for a network failure ("connection refused", "TLS certificate problem:
 * …"), found by error code anywhere in the cause chain; undefined when it is not one.
 */
export function describeNetworkError(error: unknown): string | undefined {
  const coded = findCause(
    error,
    (candidate): candidate is Error & { code: string } => candidate instanceof Error && typeof (candidate as { code?: unknown }).code === 'string',
  );
  if (!coded) return undefined;
  const known = NETWORK_REASONS[coded.code];
  if (known) return known;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(coded.code)) return `TLS certificate problem: ${coded.message}`;
  return undefined;
}
