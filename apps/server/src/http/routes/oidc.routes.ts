import type { FastifyInstance, FastifyReply } from 'fastify';
import { OIDC_CALLBACK_PATH, type OidcService } from '../../accounts/oidc.service.js';
import { OIDC_FLOW_MINUTES } from '../../accounts/oidc-flow-cookie.js';
import { notFound } from '../http-error.js';
import { setSessionCookie } from '../session-auth.js';

export interface OidcRoutesDeps {
  oidc: OidcService;
  /** Listed beside OIDC by GET /api/auth/providers (its routes are saml.routes.ts). */
  saml: { enabled: boolean; label: string };
  secureCookies: boolean;
  /** Per-IP limit (requests per minute), the same as sign-in's. */
  ipRateLimit: number;
}

export const OIDC_FLOW_COOKIE = 'weft_oidc';
/** The cookie is sent to the callback only. */
const FLOW_COOKIE_PATH = '/api/auth/oidc';
export const OIDC_SUCCESS_REDIRECT = '/editor';
export const OIDC_FAILURE_REDIRECT = '/login?error=oidc';
const NOT_CONFIGURED = 'Sign-in with an identity provider is not configured on this server. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.';

/**
 * The browser leg of OpenID Connect. Both routes answer with redirects, never JSON
 * errors: the user arrives here by navigation, so a failure goes back to the login page
 * (`?error=oidc`) and the reason goes to the log.
 */
export function oidcRoutes(app: FastifyInstance, deps: OidcRoutesDeps): void {
  const limited = { config: { rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };
  const clearFlowCookie = (reply: FastifyReply) =>
    reply.clearCookie(OIDC_FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, path: FLOW_COOKIE_PATH });

  app.get('/api/auth/providers', async () => ({
    oidc: { enabled: deps.oidc.enabled, label: deps.oidc.label },
    saml: { enabled: deps.saml.enabled, label: deps.saml.label },
  }));

  app.get('/api/auth/oidc/start', limited, async (request, reply) => {
    if (!deps.oidc.enabled) throw notFound(NOT_CONFIGURED);
    try {
      const { authorizationUrl, flowCookie } = await deps.oidc.start();
      // SameSite=Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
      reply.setCookie(OIDC_FLOW_COOKIE, flowCookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        path: FLOW_COOKIE_PATH,
        maxAge: OIDC_FLOW_MINUTES * 60,
      });
      return reply.redirect(authorizationUrl, 302);
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'OIDC sign-in could not start');
      return reply.redirect(OIDC_FAILURE_REDIRECT, 302);
    }
  });

  app.get(OIDC_CALLBACK_PATH, limited, async (request, reply) => {
    if (!deps.oidc.enabled) throw notFound(NOT_CONFIGURED);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    // One flow, one callback: the cookie goes whatever the outcome.
    clearFlowCookie(reply);
    const result = await deps.oidc.finish(query, request.cookies[OIDC_FLOW_COOKIE], request.headers['user-agent']);
    if (!result.ok) {
      request.log.warn({ reason: result.reason }, 'OIDC sign-in failed');
      return reply.redirect(OIDC_FAILURE_REDIRECT, 302);
    }
    request.log.info({ userId: result.user.id, created: result.created }, 'Signed in with OIDC');
    setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
    request.signedIn = { id: result.user.id, email: result.user.email, via: 'oidc' };
    return reply.redirect(OIDC_SUCCESS_REDIRECT, 302);
  });
}
