import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeApiKey } from '../accounts/api-keys.service.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import { safeEqual } from '../platform/tokens.js';
import { forbidden, unauthorized } from './http-error.js';

export const SESSION_COOKIE = 'weft_session';
export const CSRF_HEADER = 'x-csrf-token';

export interface RequestAuth {
  user: UserRow;
  session: SessionRow;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** A session cookie came with a write but without its CSRF token. */
    csrfRejected: boolean;
    /** The caller sent `Authorization: Bearer wk_…`; resolved by caller-auth.ts, refused by requireAuth. */
    apiKeyPresented: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer wherever a route needs a session and an API key came instead. */
export const API_KEY_NOT_ALLOWED_MESSAGE =
  'API keys only work on the run, executions and MCP routes (POST /api/workflows/:id/run, /api/executions, /api/mcp). Sign in to use this one.';

/**
 * Resolves the caller from `Authorization: Bearer <token>` or the HttpOnly session
 * cookie. Cookie-authenticated writes must echo the session's CSRF token in a header,
 * which a cross-site form cannot do; bearer calls carry no ambient credential and skip it.
 */
export function registerSessionAuth(app: FastifyInstance, sessions: SessionsService): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('csrfRejected', false);
  app.decorateRequest('apiKeyPresented', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (bearer && looksLikeApiKey(bearer)) {
      // An API key, not a session: never looked up as one, and it speaks for the caller
      // even if a session cookie came along too.
      request.apiKeyPresented = true;
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer || cookie;
    if (!token) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) return;
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, resolved.session.csrf_token)) {
        // The cookie does not authenticate this write. Public routes (sign-in, reset) go on
        // as for a visitor; routes that need the session refuse it in requireAuth.
        request.csrfRejected = true;
        return;
      }
    }
    request.auth = { ...resolved, via };
  });
}

/** The signed-in caller; 403 for a cookie write without its CSRF token, else 401 (the UI goes to /login). */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (request.auth) return request.auth;
  if (request.apiKeyPresented) throw forbidden(API_KEY_NOT_ALLOWED_MESSAGE);
  if (request.csrfRejected) throw forbidden('Your session could not be verified (missing CSRF token). Reload the page and try again.');
  throw unauthorized();
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
