/**
 * SAML and "SSO only" settings from the environment (README.md, Configuration), parsed
 * and checked at start so a bad value stops Weft with a message instead of failing the
 * first sign-in.
 */
export interface SamlConfig {
  /** The identity provider's SSO URL (HTTP-Redirect binding), SAML_ENTRY_POINT. */
  entryPoint: string;
  /** The provider's signing certificate(s), PEM or base64 body; several separated by commas while it rolls its key. */
  idpCerts: string[];
  /** Weft's entity id, the Audience the provider must address (SAML_ISSUER; default: the metadata URL). */
  spEntityId: string;
  /** The provider's entity id, checked against each response's Issuer when set (SAML_IDP_ISSUER). */
  idpIssuer: string | undefined;
  /** Button text: "Sign in with <label>" (SAML_LABEL; default SSO). */
  label: string;
  /** Attribute holding the group names (SAML_GROUP_ATTRIBUTE; default `groups`). */
  groupAttribute: string;
  /** Groups that give a role in one workspace (WEFT_SAML_GROUP_ROLES + WEFT_SAML_WORKSPACE). */
  groupRoles: SamlGroupRoles | undefined;
}

/** Roles a group may give; ownership only ever comes from a person (transfer), never from a directory. */
export const GROUP_ROLES = ['admin', 'editor', 'viewer'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export interface SamlGroupRoles {
  workspaceId: string;
  /** Group name → role; a person in several mapped groups gets the strongest. */
  roles: ReadonlyMap<string, GroupRole>;
}

export const SAML_METADATA_PATH = '/api/auth/saml/metadata';

type Env = Record<string, string | undefined>;

export function loadSamlConfig(env: Env, publicUrl: string): SamlConfig | undefined {
  const entryPoint = nonEmpty(env.SAML_ENTRY_POINT);
  const cert = nonEmpty(env.SAML_IDP_CERT);
  const groupRoles = parseGroupRoles(env.WEFT_SAML_GROUP_ROLES, env.WEFT_SAML_WORKSPACE);
  if (!entryPoint && !cert) {
    if (groupRoles) throw new Error('WEFT_SAML_GROUP_ROLES maps SAML groups, but SAML is not configured: set SAML_ENTRY_POINT and SAML_IDP_CERT.');
    return undefined;
  }
  if (!entryPoint || !cert) throw new Error('SAML needs both SAML_ENTRY_POINT (the identity provider’s SSO URL) and SAML_IDP_CERT (its signing certificate).');
  assertAcceptableEntryPoint(entryPoint);
  return {
    entryPoint,
    // Env files often hold a PEM on one line with literal \n.
    idpCerts: cert
      .replace(/\\n/g, '\n')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== ''),
    spEntityId: nonEmpty(env.SAML_ISSUER) ?? `${publicUrl}${SAML_METADATA_PATH}`,
    idpIssuer: nonEmpty(env.SAML_IDP_ISSUER),
    label: nonEmpty(env.SAML_LABEL) ?? 'SSO',
    groupAttribute: nonEmpty(env.SAML_GROUP_ATTRIBUTE) ?? 'groups',
    groupRoles,
  };
}

/** `weft-admins:admin,weft-viewers:viewer` for one workspace, or undefined when neither is set. */
export function parseGroupRoles(mapping: string | undefined, workspace: string | undefined): SamlGroupRoles | undefined {
  const raw = nonEmpty(mapping);
  const workspaceId = nonEmpty(workspace);
  if (!raw && !workspaceId) return undefined;
  if (!raw)
    throw new Error('WEFT_SAML_WORKSPACE is set but WEFT_SAML_GROUP_ROLES is not: give the groups to map, e.g. "weft-admins:admin,weft-viewers:viewer".');
  if (!workspaceId) throw new Error('WEFT_SAML_GROUP_ROLES needs WEFT_SAML_WORKSPACE, the id of the workspace whose roles it sets.');
  const roles = new Map<string, GroupRole>();
  for (const entry of raw.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    // The role follows the last colon: group names (URNs) may hold colons of their own, not commas.
    const colon = trimmed.lastIndexOf(':');
    const group = colon > 0 ? trimmed.slice(0, colon).trim() : '';
    const role =
      colon > 0
        ? trimmed
            .slice(colon + 1)
            .trim()
            .toLowerCase()
        : '';
    if (!group || !role) throw new Error(`WEFT_SAML_GROUP_ROLES entries are group:role, got "${trimmed}"`);
    if (!(GROUP_ROLES as readonly string[]).includes(role)) {
      throw new Error(`WEFT_SAML_GROUP_ROLES: "${role}" (for group "${group}") is not a role a group can give; use ${GROUP_ROLES.join(', ')}`);
    }
    if (roles.has(group)) throw new Error(`WEFT_SAML_GROUP_ROLES names group "${group}" twice`);
    roles.set(group, role as GroupRole);
  }
  if (roles.size === 0) throw new Error('WEFT_SAML_GROUP_ROLES is empty: give at least one group:role');
  return { workspaceId, roles };
}

/** The strongest role the given groups give, or undefined when none is mapped. */
export function roleForGroups(mapping: SamlGroupRoles, groups: readonly string[]): GroupRole | undefined {
  let best: number | undefined;
  for (const group of groups) {
    const role = mapping.roles.get(group);
    if (role === undefined) continue;
    const rank = GROUP_ROLES.indexOf(role);
    if (best === undefined || rank < best) best = rank;
  }
  return best === undefined ? undefined : GROUP_ROLES[best];
}

/**
 * WEFT_SSO_ONLY_DOMAINS: addresses at these domains sign in through SSO only (no password
 * sign-in, sign-up or reset). Refused when no SSO is configured, which would lock them out.
 */
export function loadSsoOnlyDomains(env: Env, ssoConfigured: boolean): string[] {
  const domains = (env.WEFT_SSO_ONLY_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d !== '');
  for (const domain of domains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) throw new Error(`WEFT_SSO_ONLY_DOMAINS holds domains like example.com, got "${domain}"`);
  }
  if (domains.length > 0 && !ssoConfigured) {
    throw new Error(
      'WEFT_SSO_ONLY_DOMAINS turns password sign-in off for its domains, but no SSO is configured: set up SAML (SAML_ENTRY_POINT) or OIDC first.',
    );
  }
  return domains;
}

/** Plain http would expose assertions on the network: allowed only for a provider on this machine. */
function assertAcceptableEntryPoint(entryPoint: string): void {
  let url: URL;
  try {
    url = new URL(entryPoint);
  } catch {
    throw new Error(`SAML_ENTRY_POINT is not a URL: "${entryPoint}"`);
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return;
  throw new Error(`SAML_ENTRY_POINT must use https (plain http is allowed only for 127.0.0.1 and localhost), got "${entryPoint}"`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}
