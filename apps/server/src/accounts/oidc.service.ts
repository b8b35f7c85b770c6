import type * as OpenIdClient from 'openid-client';
import type { OidcConfig } from '../config.js';
import type { UserRow } from '../db/schema.js';
import { addMinutes, type Clock } from '../platform/clock.js';
import type { IdentitiesService } from './identities.service.js';
import { OIDC_FLOW_MINUTES, OidcFlowCookie } from './oidc-flow-cookie.js';
import type { IssuedSession, SessionsService } from './sessions.service.js';

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export type OidcSignInResult = { ok: true; user: UserRow; session: IssuedSession; created: boolean } | { ok: false; reason: string };

/**
 * "Continue with Google" through generic OpenID Connect: authorization code flow with
 * PKCE, state and nonce. Works with any issuer that publishes discovery metadata.
 */
export class OidcService {
  private discovered: Promise<OpenIdClient.Configuration> | undefined;
  private readonly flowCookie: OidcFlowCookie | undefined;
  private readonly redirectUri: string;

  constructor(
    private readonly config: OidcConfig | undefined,
    publicUrl: string,
    private readonly identities: IdentitiesService,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
  ) {
    this.redirectUri = `${publicUrl}${OIDC_CALLBACK_PATH}`;
    if (config) {
      assertAcceptableIssuer(config.issuer);
      this.flowCookie = new OidcFlowCookie(config.clientSecret);
    }
  }

  get enabled(): boolean {
    return this.config !== undefined;
  }

  /** Button text after "Continue with". */
  get label(): string {
    return this.config?.label ?? 'Google';
  }

  /** The provider URL to send the browser to, and the sealed flow to keep in a cookie. */
  async start(): Promise<{ authorizationUrl: string; flowCookie: string }> {
    const { client, configuration, flowCookie } = await this.ready();
    const codeVerifier = client.randomPKCECodeVerifier();
    const flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier,
      expiresAt: addMinutes(this.clock.now(), OIDC_FLOW_MINUTES).getTime(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { authorizationUrl: url.href, flowCookie: flowCookie.seal(flow) };
  }

  /**
   * Completes the sign-in from the callback's query string and the flow cookie. Never
   * throws: every failure comes back as a reason fit for a log line (no tokens in it).
   */
  async finish(callbackQuery: string, sealedFlow: string | undefined, userAgent: string | undefined): Promise<OidcSignInResult> {
    try {
      const { client, configuration, flowCookie } = await this.ready();
      const flow = flowCookie.open(sealedFlow, this.clock.now());
      if (!flow) return { ok: false, reason: 'the sign-in state cookie is missing, altered or expired' };
      // The redirect URI the provider used is ours by construction; build it from the
      // public URL rather than the Host header, which a proxy may have rewritten.
      const tokens = await client.authorizationCodeGrant(configuration, new URL(`${this.redirectUri}?${callbackQuery}`), {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) return { ok: false, reason: 'the provider returned no ID token' };
      let profile: Record<string, unknown> = claims;
      // Many providers put e-mail and name only in UserInfo (oidc-provider does, by the spec's default).
      if (
        (claims.email === undefined || claims.email_verified === undefined || claims.name === undefined) &&
        configuration.serverMetadata().userinfo_endpoint
      ) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        profile = { ...info, ...stripUndefined(claims) };
      }
      const resolved = await this.identities.resolve({
        provider: configuration.serverMetadata().issuer,
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email : undefined,
        // Some providers send the boolean as a string.
        emailVerified: profile.email_verified === true || profile.email_verified === 'true',
        name: typeof profile.name === 'string' ? profile.name : undefined,
      });
      if (!resolved.ok) return resolved;
      const session = await this.sessions.create(resolved.user.id, userAgent);
      return { ok: true, user: resolved.user, session, created: resolved.created };
    } catch (error) {
      return { ok: false, reason: describeError(error) };
    }
  }

  /** openid-client is imported with the first sign-in, not at start (bench/cold-start.bench.mjs). */
  private async ready(): Promise<{ client: typeof OpenIdClient; configuration: OpenIdClient.Configuration; flowCookie: OidcFlowCookie }> {
    if (!this.config || !this.flowCookie) throw new Error('OIDC is not configured');
    const client = await import('openid-client');
    return { client, configuration: await this.discover(client, this.config), flowCookie: this.flowCookie };
  }

  /** Discovery once per process; a failure is not cached, so the next sign-in retries. */
  private discover(client: typeof OpenIdClient, config: OidcConfig): Promise<OpenIdClient.Configuration> {
    if (!this.discovered) {
      const insecure = new URL(config.issuer).protocol === 'http:';
      this.discovered = client
        // client_secret_basic is the registration default at most providers (and the OAuth one).
        .discovery(new URL(config.issuer), config.clientId, config.clientSecret, client.ClientSecretBasic(config.clientSecret), {
          timeout: 10,
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.discovered = undefined;
          throw error;
        });
    }
    return this.discovered;
  }
}

/**
 * Plain http would expose codes and tokens on the network, so it is allowed only for an
 * issuer on this machine (tests and local identity servers).
 */
export function assertAcceptableIssuer(issuer: string): void {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER is not a URL: "${issuer}"`);
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return;
  throw new Error(`OIDC_ISSUER must use https (plain http is allowed only for 127.0.0.1 and localhost), got "${issuer}"`);
}

function stripUndefined(claims: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined));
}

/** Error name, message and OAuth error code: never the response body or any token. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const oauthError = (error as { error?: unknown }).error;
  // openid-client wraps the failed check ("unexpected "state" response parameter value") as the cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}${typeof oauthError === 'string' ? ` (${oauthError})` : ''}`;
}
