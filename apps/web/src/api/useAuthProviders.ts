import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

export interface AuthProviders {
  oidc: { enabled: boolean; label: string };
  /** Absent from servers older than SAML sign-in. */
  saml?: { enabled: boolean; label: string };
}

/** Which sign-in methods the server offers (GET /api/auth/providers); fetched once. */
export function useAuthProviders() {
  const query = useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: ({ signal }) => api<AuthProviders>('/api/auth/providers', { signal, allowUnauthorized: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const oidc = query.data?.oidc;
  const saml = query.data?.saml;
  return {
    oidcEnabled: oidc?.enabled === true,
    /** The identity provider's name for buttons and messages ("Google" unless configured). */
    oidcLabel: oidc?.label?.trim() || 'Google',
    samlEnabled: saml?.enabled === true,
    /** What follows "Sign in with" on the SAML button ("SSO" unless configured). */
    samlLabel: saml?.label?.trim() || 'SSO',
  };
}
