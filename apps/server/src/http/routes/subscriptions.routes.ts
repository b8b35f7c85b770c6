import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AttemptLimiter } from '../../accounts/attempt-limiter.js';
import { normaliseEmail } from '../../accounts/users.service.js';
import type { SubscriptionNotices } from '../../marketing/subscription-notices.js';
import type { SubscriptionsService } from '../../marketing/subscriptions.service.js';
import { notFound } from '../http-error.js';
import { emailField } from '../schemas.js';
import { parseInput } from '../validate.js';

export interface SubscriptionsRoutesDeps {
  subscriptions: SubscriptionsService;
  notices: SubscriptionNotices;
  /** Per-IP limit (requests per minute): the routes are public and write to the database. */
  ipRateLimit: number;
  /** Confirmation mails per address (NEWSLETTER_MAILS_PER_DAY a day). */
  mailLimiter: AttemptLimiter;
}

const subscribeBody = z.object({
  email: emailField,
  source: z.enum(['landing_page', 'signup'], { error: 'Source must be landing_page or signup' }).optional().default('landing_page'),
});

const unsubscribeBody = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200, 'Token is too long'),
});

export function subscriptionsRoutes(app: FastifyInstance, deps: SubscriptionsRoutesDeps): void {
  const limited = { config: { public: true, rateLimit: { max: deps.ipRateLimit, timeWindow: '1 minute' } } };

  // Answers the same whether the address was new or known, so the form does not reveal
  // who is subscribed.
  app.post('/api/subscriptions', limited, async (request, reply) => {
    const body = parseInput(subscribeBody, request.body);
    // Link the record to the caller only when it is their own address.
    const user = request.auth?.user;
    const userId = user && normaliseEmail(user.email) === normaliseEmail(body.email) ? user.id : null;
    const result = await deps.subscriptions.subscribe({ email: body.email, userId, source: body.source });
    // A confirmation only when something changed, and a few per address a day however many
    // IPs ask: the form must not become a way to flood someone's inbox.
    if (result.changed && (await deps.mailLimiter.take(normaliseEmail(body.email)))) {
      const token = await deps.subscriptions.unsubscribeToken(body.email);
      if (token) deps.notices.sendConfirmation(normaliseEmail(body.email), token);
    }
    return reply.code(201).send({ message: 'Successfully subscribed!' });
  });

  app.post('/api/subscriptions/unsubscribe', limited, async (request) => {
    const body = parseInput(unsubscribeBody, request.body);
    if (!(await deps.subscriptions.unsubscribeByToken(body.token))) throw notFound('Subscription not found');
    return { message: 'You have been unsubscribed.' };
  });
}
