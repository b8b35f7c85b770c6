import type { FastifyInstance, FastifyReply } from 'fastify';
import { SAML_ACS_PATH, SAML_METADATA_PATH, type SamlService } from '../../accounts/saml.service.js';
import { SAML_FLOW_MINUTES } from '../../accounts/saml-requests.js';
import { notFound } from '../http-error.js';
import { setSessionCookie } from '../session-auth.js';

export interface SamlRoutesDeps {
  saml: SamlService;
  secureCookies: boolean;
  /** Per-IP limit (requests per minute), the same as sign-in's. */
  ipRateLimit: number;
}

export const SAML_FLOW_COOKIE = 'weft_saml';
/** The cookie goes to the ACS only. */
const FLOW_COOKIE_PATH = '/api/auth/saml';
export const SAML_SUCCESS_REDIRECT = '/editor';
export const SAML_FAILURE_REDIRECT = '/login?error=saml';
/** A signed response with a few groups is a few kB; a large directory's group list stays far under this. */
const ACS_BODY_LIMIT = 512 * 1024;
const NOT_CONFIGURED = 'SAML sign-in is not configured on this server. Set SAML_ENTRY_POINT and SAML_IDP_CERT.';

/**
 * The browser leg of SAML: start (redirect to the provider), the ACS (the provider's form
 * post) and the SP metadata. Start and ACS answer with redirects, never JSON errors: a
 * failure goes back to the login page (`?error=saml`) and the reason to the log.
 */
export function samlRoutes(app: FastifyInstance, deps: SamlRoutesDeps): void {
  const limited = { config: { public: true, rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };
  // The provider posts the response from its own site: a SameSite=Lax cookie would stay
  // behind on that cross-site POST, so over https it is None (which needs Secure). Plain
  // http is allowed only for a provider on this machine, where the post is same-site.
  const cookieOptions = {
    httpOnly: true,
    sameSite: deps.secureCookies ? ('none' as const) : ('lax' as const),
    secure: deps.secureCookies,
    path: FLOW_COOKIE_PATH,
  };
  const clearFlowCookie = (reply: FastifyReply) => reply.clearCookie(SAML_FLOW_COOKIE, cookieOptions);

  app.get('/api/auth/saml/start', limited, async (request, reply) => {
    if (!deps.saml.enabled) throw notFound(NOT_CONFIGURED);
    try {
      const { redirectUrl, nonce } = await deps.saml.start();
      reply.setCookie(SAML_FLOW_COOKIE, nonce, { ...cookieOptions, maxAge: SAML_FLOW_MINUTES * 60 });
      return reply.redirect(redirectUrl, 302);
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'SAML sign-in could not start');
      return reply.redirect(SAML_FAILURE_REDIRECT, 302);
    }
  });

  app.get(SAML_METADATA_PATH, async (_request, reply) => {
    if (!deps.saml.enabled) throw notFound(NOT_CONFIGURED);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(await deps.saml.metadata());
  });

  // Its own scope: the provider posts an HTML form, which the rest of the API does not take.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(SAML_ACS_PATH, { ...limited, bodyLimit: ACS_BODY_LIMIT }, async (request, reply) => {
      if (!deps.saml.enabled) throw notFound(NOT_CONFIGURED);
      // One flow, one post: the cookie goes whatever the outcome.
      clearFlowCookie(reply);
      const form = (request.body ?? {}) as { SAMLResponse?: unknown; RelayState?: unknown };
      const result = await deps.saml.finish(form, request.cookies[SAML_FLOW_COOKIE], request.headers['user-agent']);
      if (!result.ok) {
        request.log.warn({ reason: result.reason }, 'SAML sign-in failed');
        return reply.redirect(SAML_FAILURE_REDIRECT, 303);
      }
      request.log.info({ userId: result.user.id, created: result.created, role: result.role, membership: result.membership }, 'Signed in with SAML');
      setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
      request.signedIn = { id: result.user.id, email: result.user.email, via: 'saml' };
      // 303: the browser follows a POST's redirect with a GET.
      return reply.redirect(SAML_SUCCESS_REDIRECT, 303);
    });
  });
}
