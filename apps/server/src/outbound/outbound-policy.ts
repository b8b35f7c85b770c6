import net from 'node:net';
import type { AddressClass } from './address-class.js';

/** The operator's choices about where outbound requests may go (config.ts reads them). */
export interface OutboundPolicy {
  /**
   * WEFT_ALLOW_PRIVATE_NETWORK=1: loopback, private, link-local… are all allowed. Cloud
   * metadata addresses stay refused even then (they hand out credentials); name one in
   * `allowedPrivateHosts` to reach it.
   */
  readonly allowPrivateNetwork: boolean;
  /**
   * WEFT_ALLOWED_PRIVATE_HOSTS: `host` or `host:port` entries (e.g. `ollama.lan:11434`,
   * `192.168.1.20`, `[fd00::5]:8080`) that may be reached whatever they resolve to. The
   * host is matched as written in the request's URL; without a port any port matches.
   */
  readonly allowedPrivateHosts: readonly string[];
}

export interface AllowedHost {
  /** As `URL.hostname` spells it: lower case, IPv6 in brackets. */
  readonly hostname: string;
  readonly port: string | undefined;
}

/** Parses WEFT_ALLOWED_PRIVATE_HOSTS entries; throws on one that is not `host[:port]`. */
export function parseAllowedHosts(entries: readonly string[]): AllowedHost[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    // A bare IPv6 address has colons of its own; it is a host without a port.
    const withBrackets = net.isIP(entry) === 6 ? `[${entry}]` : entry;
    const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/.exec(withBrackets);
    const hostname = match?.[1] ? normaliseHostname(match[1]) : undefined;
    if (!match || hostname === undefined) {
      throw new Error(`WEFT_ALLOWED_PRIVATE_HOSTS: "${raw}" is not a host or host:port (e.g. ollama.lan:11434 or 192.168.1.20)`);
    }
    return { hostname, port: match[2] === undefined ? undefined : String(Number(match[2])) };
  });
}

function normaliseHostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/** Whether the operator named this URL's host (and port, when the entry has one). */
export function isAllowedHost(url: URL, allowed: readonly AllowedHost[]): boolean {
  return isAllowedHostAndPort(url.hostname, url.port || (url.protocol === 'https:' ? '443' : '80'), allowed);
}

/**
 * The same for a destination that is not a URL (an SMTP server): `host` as the user wrote
 * it, an IPv6 address with or without brackets.
 */
export function isAllowedHostAndPort(host: string, port: number | string, allowed: readonly AllowedHost[]): boolean {
  const hostname = normaliseHostname(net.isIP(host) === 6 ? `[${host}]` : host);
  return allowed.some((entry) => entry.hostname === hostname && (entry.port === undefined || entry.port === String(port)));
}

/** Whether an address of this class is refused for hosts the operator did not name. */
export function isRefused(kind: AddressClass, policy: Pick<OutboundPolicy, 'allowPrivateNetwork'>): boolean {
  if (kind === 'public') return false;
  if (kind === 'cloud-metadata') return true;
  return !policy.allowPrivateNetwork;
}
