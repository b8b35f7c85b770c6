import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AttemptLimiter } from '../../accounts/attempt-limiter.js';
import type { AuthService } from '../../accounts/auth.service.js';
import type { SessionsService } from '../../accounts/sessions.service.js';
import { DEVICE_COOKIE, type SignInGuard } from '../../accounts/sign-in-guard.js';
import { passwordRefusal } from '../../accounts/sso-only-domains.js';
import { normaliseEmail, toPublicUser } from '../../accounts/users.service.js';
import { conflict, HttpError, ssoRequired, tooManyRequests } from '../http-error.js';
import { displayNameField, emailField, passwordField } from '../schemas.js';
import { clearSessionCookie, requireAuth, SESSION_COOKIE, setSessionCookie } from '../session-auth.js';
import { parseInput } from '../validate.js';

/** How long a browser stays known to an account after signing in to it. */
const DEVICE_COOKIE_DAYS = 365;

export interface AuthRoutesDeps {
  auth: AuthService;
  sessions: SessionsService;
  emailLimiter: AttemptLimiter;
  signInGuard: SignInGuard;
  secureCookies: boolean;
  /** Per-IP limit (requests per minute) on the credential routes. */
  ipRateLimit: number;
  /** Domains whose addresses may not use a password (WEFT_SSO_ONLY_DOMAINS). */
  ssoOnlyDomains: readonly string[];
}

const signUpBody = z.object({
  email: emailField,
  password: passwordField,
  displayName: displayNameField.optional(),
  subscribe: z.boolean().optional().default(true),
});

const signInBody = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps): void {
  const limited = { config: { public: true, rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };
  const rememberDevice = (reply: FastifyReply, email: string) =>
    reply.setCookie(DEVICE_COOKIE, deps.signInGuard.deviceToken(email), {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      path: '/api/auth',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    });
  const refusePasswordForSso = (email: string) => {
    const refusal = passwordRefusal(email, deps.ssoOnlyDomains);
    if (refusal) throw ssoRequired(refusal);
  };
  const takeEmailAttempt = async (email: string) => {
    if (!(await deps.emailLimiter.take(normaliseEmail(email)))) throw tooManyRequests();
  };

  app.post('/api/auth/signup', limited, async (request, reply) => {
    const body = parseInput(signUpBody, request.body);
    refusePasswordForSso(body.email);
    await takeEmailAttempt(body.email);
    const result = await deps.auth.signUp({
      email: body.email,
      password: body.password,
      displayName: body.displayName ?? null,
      subscribe: body.subscribe,
      userAgent: request.headers['user-agent'],
    });
    if (!result.ok) {
      // Sign-up cannot avoid saying the address is unavailable, but it says no more and
      // points to the two actions that work whether or not the account is the caller's.
      throw conflict('Could not create an account with this e-mail. If you already have one, sign in or reset your password.', 'email_unavailable');
    }
    rememberDevice(reply, body.email);
    setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
    return reply.code(201).send({ user: toPublicUser(result.user), token: result.session.token, csrfToken: result.session.csrfToken });
  });

  app.post('/api/auth/login', limited, async (request, reply) => {
    const body = parseInput(signInBody, request.body);
    refusePasswordForSso(body.email);
    const knownDevice = deps.signInGuard.isKnownDevice(body.email, request.cookies[DEVICE_COOKIE]);
    if ((await deps.signInGuard.attempt(body.email, request.ip, knownDevice)) === 'too_many') throw tooManyRequests();
    const result = await deps.auth.signIn(body.email, body.password, request.headers['user-agent']);
    if (!result.ok) throw new HttpError(401, 'Invalid email or password.', 'invalid_credentials');
    rememberDevice(reply, body.email);
    setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
    return { user: toPublicUser(result.user), token: result.session.token, csrfToken: result.session.csrfToken };
  });

  app.post('/api/auth/logout', { config: { public: true } }, async (request: FastifyRequest, reply) => {
    const { session } = requireAuth(request);
    await deps.sessions.revoke(session.id);
    clearSessionCookie(reply, deps.secureCookies);
    return reply.code(204).send();
  });

  app.get('/api/auth/session', async (request, reply) => {
    // Every page load asks who is signed in. A browser with no live session is a visitor,
    // an answer rather than an error, so public pages log no failed request (issue 22); a
    // stale cookie (the session was revoked) is cleared on the way. A token or API key that
    // was sent and does not work is still refused.
    if (!request.auth && request.headers.authorization === undefined) {
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply, deps.secureCookies);
      return { user: null, csrfToken: null };
    }
    const { user, session } = requireAuth(request);
    return { user: toPublicUser(user), csrfToken: session.csrf_token };
  });
}
