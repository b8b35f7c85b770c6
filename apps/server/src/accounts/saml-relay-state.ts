import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../platform/tokens.js';

/** What binds a response to the sign-in and the browser that started it. */
export interface SamlFlow {
  /** The AuthnRequest's ID, which the response must be `InResponseTo`. */
  requestId: string;
  /** Held in the browser's flow cookie: the response must come back to the browser that started. */
  nonce: string;
  /** Epoch milliseconds after which the flow is refused. */
  expiresAt: number;
}

/** The SAML bindings cap RelayState at 80 bytes, and some providers enforce it. */
export const RELAY_STATE_MAX = 80;
/** 128 bits of HMAC-SHA256, base64url. */
const MAC_CHARS = 22;

/**
 * The RelayState the provider hands back with its response: the flow's expiry and a MAC,
 * keyed from Weft's secrets key (which every API process shares), over the request ID, the
 * browser's nonce and that expiry: `<expiry base36>.<mac>`, about 31 bytes. The request ID
 * comes back as the response's `InResponseTo` and the nonce in the browser's cookie, so the
 * MAC holds only when all three belong to one sign-in this server started: no forged or
 * IdP-initiated flow, no response for someone else's sign-in (login CSRF). The row in
 * `saml_requests` makes it single use (replay).
 */
export class SamlRelayState {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, 'weft', 'weft saml relay state v2', 32));
  }

  seal(flow: SamlFlow): string {
    return `${flow.expiresAt.toString(36)}.${this.mac(flow)}`;
  }

  /** The expiry a RelayState names, or undefined when it is malformed or past. */
  expiresAt(value: string | undefined, now: Date): number | undefined {
    const match = value && value.length <= RELAY_STATE_MAX ? /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]+)$/.exec(value) : null;
    const expiresAt = match?.[1] ? Number.parseInt(match[1], 36) : Number.NaN;
    return Number.isSafeInteger(expiresAt) && expiresAt > now.getTime() ? expiresAt : undefined;
  }

  /** True when the RelayState was sealed for exactly this flow. */
  verify(value: string, flow: SamlFlow): boolean {
    return safeEqual(value, this.seal(flow));
  }

  private mac(flow: SamlFlow): string {
    return createHmac('sha256', this.key).update(`${flow.requestId}\n${flow.nonce}\n${flow.expiresAt}`).digest('base64url').slice(0, MAC_CHARS);
  }
}
