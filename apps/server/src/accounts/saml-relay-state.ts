import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../platform/tokens.js';

/** What the ACS needs from the start of a SAML sign-in. */
export interface SamlFlow {
  /** The AuthnRequest's ID, which the response must be `InResponseTo`. */
  requestId: string;
  /** Also held in the browser's flow cookie: the response must come back to the browser that started. */
  nonce: string;
  /** Epoch milliseconds after which the flow is refused. */
  expiresAt: number;
}

/**
 * Seals the flow into the RelayState the provider hands back with its response: base64url
 * JSON plus an HMAC-SHA256 keyed from Weft's secrets key, which every API process shares.
 * Forging or altering it fails the MAC, so a response posted to the ACS belongs to a
 * sign-in this server started; the nonce ties it to the browser that started it (login
 * CSRF) and the request row in `saml_requests` makes it single use (replay).
 */
export class SamlRelayState {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, 'weft', 'weft saml relay state v1', 32));
  }

  seal(flow: SamlFlow): string {
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The flow, or undefined when the value is forged, altered, malformed or expired. */
  open(value: string | undefined, now: Date): SamlFlow | undefined {
    if (!value || value.length > 1000) return undefined;
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined || !safeEqual(mac, this.mac(payload))) return undefined;
    try {
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SamlFlow>;
      const valid = typeof flow.requestId === 'string' && typeof flow.nonce === 'string' && typeof flow.expiresAt === 'number';
      return valid && (flow.expiresAt as number) > now.getTime() ? (flow as SamlFlow) : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
