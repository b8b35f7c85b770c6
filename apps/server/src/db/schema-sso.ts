/*
 * Table types of external sign-in (OIDC and SAML), beside schema.ts so that it stays
 * under the size cap; `Database` in schema.ts extends them.
 */
export interface SsoTables {
  identities: IdentitiesTable;
  saml_requests: SamlRequestsTable;
}

/** External sign-in identities: OIDC issuer + subject, or `saml:` + the provider's entity id + NameID. */
export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  created_at: string;
}

/** An AuthnRequest awaiting its response (migration 0027, `../accounts/saml-requests.ts`). */
export interface SamlRequestsTable {
  id: string;
  created_at: string;
  expires_at: string;
}
