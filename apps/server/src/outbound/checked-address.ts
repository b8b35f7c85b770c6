import dns from 'node:dns';
import net from 'node:net';
import { classifyAddress } from './address-class.js';
import { OutboundRefusedError } from './outbound-errors.js';
import { isRefused, type OutboundPolicy } from './outbound-policy.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/**
 * The refusal for a name whose addresses include one the policy forbids; undefined when
 * all of them may be reached. One bad address refuses the name: otherwise a rebinding
 * DNS server could pair a public address with a private one and let the client choose.
 */
export function refusalFor(
  hostname: string,
  addresses: readonly { readonly address: string }[],
  policy: Pick<OutboundPolicy, 'allowPrivateNetwork'>,
): OutboundRefusedError | undefined {
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (isRefused(kind, policy)) return new OutboundRefusedError(hostname, address, kind);
  }
  return undefined;
}

/**
 * Resolves `host` (a name or a literal IP) once and checks every address against the
 * policy, for protocols that connect themselves (SMTP): the caller connects to one of the
 * addresses returned, never to the name again, so the address checked is the one used.
 * `trusted` (a host the operator named) skips the check, not the resolution.
 */
export async function resolveCheckedHost(
  host: string,
  policy: Pick<OutboundPolicy, 'allowPrivateNetwork'>,
  options: { readonly trusted: boolean; readonly timeoutMs: number },
): Promise<ResolvedAddress[]> {
  const family = net.isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await lookupAll(host, options.timeoutMs);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' });
  if (!options.trusted) {
    const refused = refusalFor(host, addresses, policy);
    if (refused) throw refused;
  }
  return addresses;
}

async function lookupAll(host: string, timeoutMs: number): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Resolving ${host} took longer than ${timeoutMs} ms`), { code: 'EAI_AGAIN' })), timeoutMs);
  });
  try {
    return await Promise.race([dns.promises.lookup(host, { all: true }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
