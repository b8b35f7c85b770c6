import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountService } from '../../accounts/account.service.js';
import type { AttemptLimiter } from '../../accounts/attempt-limiter.js';
import { toPublicUser, type UsersService } from '../../accounts/users.service.js';
import { NOTIFICATION_TYPE_KEYS, type SubscriptionsService } from '../../marketing/subscriptions.service.js';
import { badRequest, conflict, tooManyRequests } from '../http-error.js';
import { displayNameField, passwordField } from '../schemas.js';
import { clearSessionCookie, requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';

export interface MeRoutesDeps {
  users: UsersService;
  account: AccountService;
  subscriptions: SubscriptionsService;
  emailLimiter: AttemptLimiter;
  secureCookies: boolean;
  /** Per-IP limit (requests per minute) on the routes that check a password. */
  ipRateLimit: number;
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const WRONG_PASSWORD = 'Password is incorrect.';

// null and '' both clear the name (displayNameField turns '' into null).
const profileBody = z.object({
  displayName: z
    .custom<string | null>((v) => v === null || typeof v === 'string', { error: 'Display name must be text or null' })
    .transform((v) => v ?? '')
    .pipe(displayNameField),
});

// Typed leniently: a missing current password is the same mistake as a wrong one.
const optionalPassword = z.string({ error: 'Password must be text' }).max(200).optional();

const passwordBody = z.object({ currentPassword: optionalPassword, newPassword: passwordField, revokeApiKeys: z.boolean().optional() });

const deleteBody = z.object({ password: optionalPassword });

const notificationTypesShape = Object.fromEntries(NOTIFICATION_TYPE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
  (typeof NOTIFICATION_TYPE_KEYS)[number],
  z.ZodOptional<z.ZodBoolean>
>;
const notificationsBody = z.object({
  notificationsEnabled: z.boolean().optional(),
  notificationTypes: z.strictObject(notificationTypesShape).optional(),
});

/** The signed-in user's own account (docs/API.md "Account"). */
export function meRoutes(app: FastifyInstance, deps: MeRoutesDeps): void {
  const limited = { config: { rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };
  // Guessing the password with a stolen session is slowed like guessing it at sign-in. The
  // count is the account's own (its id, not its e-mail, which anonymous sign-up and reset
  // attempts also name): strangers cannot use it up and keep the owner from changing it.
  const takeAttempt = async (userId: string) => {
    if (!(await deps.emailLimiter.take(`account:${userId}`))) throw tooManyRequests();
  };

  app.get('/api/me', async (request) => ({ user: toPublicUser(requireAuth(request).user) }));

  app.patch('/api/me', async (request) => {
    const { user } = requireAuth(request);
    const body = parseInput(profileBody, request.body);
    const updated = await deps.users.update(user.id, { displayName: body.displayName });
    return { user: toPublicUser(updated ?? user) };
  });

  app.post('/api/me/password', limited, async (request, reply) => {
    const { user, session } = requireAuth(request);
    const body = parseInput(passwordBody, request.body);
    await takeAttempt(user.id);
    const result = await deps.account.changePassword(user, session.id, body.currentPassword, body.newPassword, { revokeApiKeys: body.revokeApiKeys === true });
    if (result === 'wrong_password') throw badRequest(WRONG_CURRENT_PASSWORD, 'wrong_password');
    return reply.code(204).send();
  });

  app.delete('/api/me', limited, async (request, reply) => {
    const { user } = requireAuth(request);
    const body = parseInput(deleteBody, request.body);
    await takeAttempt(user.id);
    const result = await deps.account.delete(user, body.password);
    if (result === 'wrong_password') throw badRequest(body.password ? WRONG_PASSWORD : 'password: Password is required', 'wrong_password');
    if (typeof result === 'object') {
      const names = result.soleOwnerOf.map((name) => `“${name}”`).join(', ');
      throw conflict(
        `You are the only owner of ${names}. Make another member an owner there, or delete the workspace, before deleting your account.`,
        'last_owner',
      );
    }
    clearSessionCookie(reply, deps.secureCookies);
    return reply.code(204).send();
  });

  app.get('/api/me/notifications', async (request) => {
    const { user } = requireAuth(request);
    return { subscription: (await deps.subscriptions.find(user.email)) ?? null };
  });

  app.put('/api/me/notifications', async (request) => {
    const { user } = requireAuth(request);
    const body = parseInput(notificationsBody, request.body);
    if (!(await deps.subscriptions.find(user.email))) {
      await deps.subscriptions.subscribe({ email: user.email, userId: user.id, source: 'signup' });
    }
    const subscription = await deps.subscriptions.updatePreferences(user.email, body);
    return { subscription };
  });
}
