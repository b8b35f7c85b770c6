import { randomBytes } from 'node:crypto';
import type * as NodeSaml from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { addMinutes, type Clock } from '../platform/clock.js';
import { IdentitiesService } from './identities.service.js';
import { type GroupRole, roleForGroups, SAML_METADATA_PATH, type SamlConfig } from './saml-config.js';
import { SamlRelayState } from './saml-relay-state.js';
import { SAML_FLOW_MINUTES, SamlRequests } from './saml-requests.js';
import type { IssuedSession, SessionsService } from './sessions.service.js';
import type { UsersService } from './users.service.js';

export const SAML_ACS_PATH = '/api/auth/saml/acs';
export { SAML_METADATA_PATH };

export type SamlSignInResult =
  | { ok: true; user: UserRow; session: IssuedSession; created: boolean; role: GroupRole | undefined; membership: string | undefined }
  | { ok: false; reason: string };

/** Sets a member's role in the mapped workspace and says what it did (`../workspaces/directory-roles.ts`). */
export type WorkspaceRoleSetter = (workspaceId: string, userId: string, role: GroupRole) => Promise<string>;

/** Common names of the e-mail attribute: the friendly one, the LDAP OID, and the one ADFS and Entra ID send. */
const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'urn:oid:2.16.840.1.113730.3.1.241', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/**
 * SAML 2.0 SP-initiated sign-in through node-saml: an AuthnRequest by HTTP-Redirect, a
 * signed response by HTTP-POST to the ACS. node-saml checks the signature, audience, time
 * window and `InResponseTo` (against `SamlRequests`); this class adds the RelayState, the
 * browser binding and the one use, and maps the person to a Weft user like OIDC does.
 */
export class SamlService {
  private readonly relayState: SamlRelayState | undefined;
  private readonly acsUrl: string;
  private readonly requests: SamlRequests;
  private readonly identities: IdentitiesService;

  constructor(
    private readonly config: SamlConfig | undefined,
    publicUrl: string,
    private readonly deps: {
      db: Kysely<Database>;
      users: UsersService;
      sessions: SessionsService;
      clock: Clock;
      secretsKey: Buffer;
      /** Applies the group mapping; without it the mapping is parsed and checked but not applied. */
      setWorkspaceRole?: WorkspaceRoleSetter;
    },
  ) {
    this.acsUrl = `${publicUrl}${SAML_ACS_PATH}`;
    this.requests = new SamlRequests(deps.db, deps.clock);
    this.identities = new IdentitiesService(deps.db, deps.users, deps.clock);
    if (config) this.relayState = new SamlRelayState(deps.secretsKey);
  }

  get enabled(): boolean {
    return this.config !== undefined;
  }

  /** Button text after "Sign in with". */
  get label(): string {
    return this.config?.label ?? 'SSO';
  }

  /** The provider URL carrying the AuthnRequest and RelayState, and the nonce for the browser's flow cookie. */
  async start(): Promise<{ redirectUrl: string; nonce: string }> {
    const requestId = `_${randomBytes(20).toString('hex')}`;
    const nonce = randomBytes(24).toString('base64url');
    const { saml, relayState } = await this.ready(requestId);
    const expiresAt = addMinutes(this.deps.clock.now(), SAML_FLOW_MINUTES).getTime();
    const redirectUrl = await saml.getAuthorizeUrlAsync(relayState.seal({ requestId, nonce, expiresAt }), undefined, {});
    return { redirectUrl, nonce };
  }

  /**
   * Completes the sign-in from the ACS form post and the flow cookie's nonce. Never throws:
   * every failure comes back as a reason fit for a log line (no assertion in it).
   */
  async finish(
    form: { SAMLResponse?: unknown; RelayState?: unknown },
    cookieNonce: string | undefined,
    userAgent: string | undefined,
  ): Promise<SamlSignInResult> {
    try {
      if (typeof form.SAMLResponse !== 'string' || form.SAMLResponse === '') return { ok: false, reason: 'the post carries no SAMLResponse' };
      const { saml, relayState } = await this.ready();
      const relay = typeof form.RelayState === 'string' ? form.RelayState : '';
      const expiresAt = relayState.expiresAt(relay, this.deps.clock.now());
      if (expiresAt === undefined) return { ok: false, reason: 'the RelayState is missing, malformed or expired (IdP-initiated sign-in is not accepted)' };
      if (!cookieNonce) return { ok: false, reason: 'the browser that posted the response has no sign-in under way (no flow cookie)' };
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse });
      if (!profile) return { ok: false, reason: 'the response holds no assertion' };
      const requestId = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
      if (!relayState.verify(relay, { requestId, nonce: cookieNonce, expiresAt })) {
        return { ok: false, reason: 'the response and RelayState do not belong to the sign-in this browser started' };
      }
      // Last, so a response that fails a check cannot use up the sign-in it names.
      if (!(await this.requests.claim(requestId))) return { ok: false, reason: 'the response was already used or its sign-in expired' };

      const resolved = await this.identities.resolve({
        provider: `saml:${profile.issuer}`,
        subject: profile.nameID,
        email: emailOf(profile),
        // The provider is the one the operator configured and whose certificate Weft holds:
        // its directory vouches for the address as an OIDC provider's email_verified does.
        emailVerified: true,
        name: firstString(profile, NAME_ATTRIBUTES),
      });
      if (!resolved.ok) return resolved;
      const { role, membership } = await this.applyGroups(resolved.user.id, profile);
      const session = await this.deps.sessions.create(resolved.user.id, userAgent);
      return { ok: true, user: resolved.user, session, created: resolved.created, role, membership };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }

  /** The service provider's metadata XML for the identity provider's administrator. */
  async metadata(): Promise<string> {
    const { saml } = await this.ready();
    return saml.generateServiceProviderMetadata(null, null);
  }

  private async applyGroups(userId: string, profile: NodeSaml.Profile): Promise<{ role: GroupRole | undefined; membership: string | undefined }> {
    const mapping = this.config?.groupRoles;
    if (!mapping || !this.config) return { role: undefined, membership: undefined };
    const raw = profile[this.config.groupAttribute];
    const groups = (Array.isArray(raw) ? raw : [raw]).filter((g): g is string => typeof g === 'string');
    const role = roleForGroups(mapping, groups);
    if (!role || !this.deps.setWorkspaceRole) return { role, membership: undefined };
    return { role, membership: await this.deps.setWorkspaceRole(mapping.workspaceId, userId, role) };
  }

  /** node-saml is imported with the first sign-in, not at start (bench/cold-start.bench.mjs). */
  private async ready(requestId?: string): Promise<{ saml: NodeSaml.SAML; relayState: SamlRelayState }> {
    if (!this.config || !this.relayState) throw new Error('SAML is not configured');
    const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
    const saml = new SAML({
      entryPoint: this.config.entryPoint,
      idpCert: this.config.idpCerts,
      issuer: this.config.spEntityId,
      audience: this.config.spEntityId,
      callbackUrl: this.acsUrl,
      ...(this.config.idpIssuer ? { idpIssuer: this.config.idpIssuer } : {}),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: this.requests,
      // Expiry is the request row's, judged by Weft's clock; node-saml's own check would use the wall clock.
      requestIdExpirationPeriodMs: Number.MAX_SAFE_INTEGER,
      acceptedClockSkewMs: 60_000,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      // One ID per start, known here so the RelayState can name it.
      ...(requestId ? { generateUniqueId: () => requestId } : {}),
    });
    return { saml, relayState: this.relayState };
  }
}

function emailOf(profile: NodeSaml.Profile): string | undefined {
  const fromAttribute = firstString(profile, EMAIL_ATTRIBUTES);
  if (fromAttribute) return fromAttribute;
  return profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined;
}

function firstString(profile: NodeSaml.Profile, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') return first.trim();
  }
  return undefined;
}
