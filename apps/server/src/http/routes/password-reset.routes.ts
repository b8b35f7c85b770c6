import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AttemptLimiter } from '../../accounts/attempt-limiter.js';
import type { PasswordResetService } from '../../accounts/password-reset.service.js';
import { passwordRefusal } from '../../accounts/sso-only-domains.js';
import { normaliseEmail, toPublicUser } from '../../accounts/users.service.js';
import { badRequest, ssoRequired } from '../http-error.js';
import { emailField, passwordField } from '../schemas.js';
import { setSessionCookie } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface PasswordResetRoutesDeps {
  passwordReset: PasswordResetService;
  /** Reset mails per address and hour (WEFT_RESET_MAILS_PER_HOUR), whoever asks. */
  resetMailLimiter: AttemptLimiter;
  secureCookies: boolean;
  /** Per-IP limit (requests per minute), the same as sign-in's. */
  ipRateLimit: number;
  /** Domains whose addresses may not use a password (WEFT_SSO_ONLY_DOMAINS). */
  ssoOnlyDomains: readonly string[];
}

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that e-mail, a reset link is on its way.';
export const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Request a new one.';

const requestBody = z.object({ email: emailField });

const confirmBody = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required'),
  password: passwordField,
});

export function passwordResetRoutes(app: FastifyInstance, deps: PasswordResetRoutesDeps): void {
  const limited = { config: { public: true, rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };

  // Past the address's mails for the hour the answer is the same and nothing is sent. A 429
  // here once let strangers, each from an address of their own, lock the owner out of their
  // own reset; the links already mailed keep working, and the cap frees as they expire.
  app.post('/api/auth/password-reset', limited, async (request, reply) => {
    const { email } = parseInput(requestBody, request.body);
    const refusal = passwordRefusal(email, deps.ssoOnlyDomains);
    if (refusal) throw ssoRequired(refusal);
    if (await deps.resetMailLimiter.take(normaliseEmail(email))) deps.passwordReset.requestInBackground(email);
    return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
  });

  app.post('/api/auth/password-reset/confirm', limited, async (request, reply) => {
    const body = parseInput(confirmBody, request.body);
    const result = await deps.passwordReset.confirm(body.token, body.password, request.headers['user-agent']);
    if (!result.ok) throw badRequest(RESET_INVALID_MESSAGE, 'invalid_reset_token');
    setSessionCookie(reply, result.session.token, result.session.expiresAt, deps.secureCookies);
    return { user: toPublicUser(result.user), token: result.session.token, csrfToken: result.session.csrfToken, revokedApiKeys: result.revokedApiKeys };
  });
}
