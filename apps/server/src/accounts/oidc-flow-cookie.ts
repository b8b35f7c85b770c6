import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../platform/tokens.js';

/** What the callback needs from the start of a sign-in: the PKCE verifier, state and nonce. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch milliseconds after which the flow is refused. */
  expiresAt: number;
}

/** A sign-in must come back from the provider within ten minutes. */
export const OIDC_FLOW_MINUTES = 10;

/**
 * Seals the flow into a cookie value: base64url JSON plus an HMAC-SHA256 over it. The
 * key is derived from the OIDC client secret, which every API process already shares,
 * so a callback landing on another process still verifies and no table is needed. The
 * contents are not secret from the browser that holds them; the MAC stops anyone from
 * forging or altering them.
 */
export class OidcFlowCookie {
  private readonly key: Buffer;

  constructor(clientSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', clientSecret, 'weft', 'weft oidc flow cookie v1', 32));
  }

  seal(flow: OidcFlow): string {
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The flow, or undefined when the value is forged, altered, malformed or expired. */
  open(value: string | undefined, now: Date): OidcFlow | undefined {
    if (!value) return undefined;
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined || !safeEqual(mac, this.mac(payload))) return undefined;
    try {
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<OidcFlow>;
      const valid =
        typeof flow.state === 'string' && typeof flow.nonce === 'string' && typeof flow.codeVerifier === 'string' && typeof flow.expiresAt === 'number';
      return valid && (flow.expiresAt as number) > now.getTime() ? (flow as OidcFlow) : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
