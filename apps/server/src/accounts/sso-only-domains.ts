/**
 * WEFT_SSO_ONLY_DOMAINS: people at these domains sign in through the identity provider
 * only, so leaving the company (disabled there) ends their access here too. A password
 * sign-in, sign-up or reset for such an address is refused before anything else happens;
 * saying so reveals nothing about accounts, only the server's own setting.
 */
export function passwordRefusal(email: string, ssoOnlyDomains: readonly string[]): string | undefined {
  if (ssoOnlyDomains.length === 0) return undefined;
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  if (!ssoOnlyDomains.includes(domain)) return undefined;
  return `Addresses at ${domain} sign in with single sign-on, not a password: use the SSO button below.`;
}
