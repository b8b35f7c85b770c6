import type { Kysely } from 'kysely';
import { normaliseEmail } from '../accounts/users.service.js';
import type { Database, SubscriptionRow } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import { newId, newToken } from '../platform/tokens.js';

export const NOTIFICATION_TYPE_KEYS = ['platformUpdates', 'serviceAnnouncements', 'newsletter', 'productNews', 'all'] as const;
export type NotificationTypes = Record<(typeof NOTIFICATION_TYPE_KEYS)[number], boolean>;
export type SubscriptionSource = 'landing_page' | 'signup';

export const ALL_NOTIFICATION_TYPES: NotificationTypes = {
  platformUpdates: true,
  serviceAnnouncements: true,
  newsletter: true,
  productNews: true,
  all: true,
};

export interface Subscription {
  email: string;
  userId: string | null;
  notificationsEnabled: boolean;
  notificationTypes: NotificationTypes;
  subscriptionSource: SubscriptionSource;
  subscribedAt: string;
  updatedAt: string;
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    email: row.email,
    userId: row.user_id,
    notificationsEnabled: row.notifications_enabled === 1,
    notificationTypes: { ...ALL_NOTIFICATION_TYPES, ...(JSON.parse(row.notification_types) as Partial<NotificationTypes>) },
    subscriptionSource: row.subscription_source as SubscriptionSource,
    subscribedAt: row.subscribed_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Newsletter and notification subscriptions (SPEC.md sections 3 and 7): one record per
 * e-mail; subscribing again re-enables and merges rather than duplicating.
 */
export class SubscriptionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private findRow(email: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('notification_subscriptions').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  async find(email: string): Promise<Subscription | undefined> {
    const row = await this.findRow(email);
    return row ? toSubscription(row) : undefined;
  }

  /** Creates the record, or re-enables the existing one (linking the user if given). */
  async subscribe(input: { email: string; userId: string | null; source: SubscriptionSource }): Promise<Subscription & { changed: boolean }> {
    const email = normaliseEmail(input.email);
    const now = this.clock.now().toISOString();
    const existing = await this.findRow(email);
    // Anyone can type an address into the landing page's form: that must not undo its
    // owner's opt-out. Only the owner (signed in as that address) turns mail back on.
    if (existing && (existing.notifications_enabled === 1 || input.userId === null)) {
      if (input.userId !== null && existing.user_id === null) {
        await this.db.updateTable('notification_subscriptions').set({ user_id: input.userId, updated_at: now }).where('id', '=', existing.id).execute();
      }
      return { ...toSubscription((await this.findRow(email)) ?? existing), changed: false };
    }
    if (existing) {
      await this.db
        .updateTable('notification_subscriptions')
        .set({ notifications_enabled: 1, user_id: existing.user_id ?? input.userId, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await this.db
        .insertInto('notification_subscriptions')
        .values({
          id: newId(),
          email,
          user_id: input.userId,
          notifications_enabled: 1,
          notification_types: JSON.stringify(ALL_NOTIFICATION_TYPES),
          subscription_source: input.source,
          unsubscribe_token: newToken(),
          subscribed_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('email').doUpdateSet({ notifications_enabled: 1, updated_at: now }))
        .execute();
    }
    const row = await this.findRow(email);
    if (!row) throw new Error('Failed to subscribe to notifications');
    return { ...toSubscription(row), changed: true };
  }

  /** Merges the given types into the stored ones and sets updatedAt. */
  async updatePreferences(
    email: string,
    changes: { notificationsEnabled?: boolean; notificationTypes?: Partial<NotificationTypes> },
  ): Promise<Subscription | undefined> {
    const existing = await this.findRow(email);
    if (!existing) return undefined;
    const merged = { ...toSubscription(existing).notificationTypes, ...changes.notificationTypes };
    await this.db
      .updateTable('notification_subscriptions')
      .set({
        notification_types: JSON.stringify(merged),
        ...(changes.notificationsEnabled !== undefined ? { notifications_enabled: changes.notificationsEnabled ? 1 : 0 } : {}),
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', existing.id)
      .execute();
    return this.find(email);
  }

  /** One-click unsubscribe from the link in every mail; false for an unknown token. */
  async unsubscribeByToken(token: string): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_subscriptions')
      .set({ notifications_enabled: 0, updated_at: this.clock.now().toISOString() })
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async unsubscribeToken(email: string): Promise<string | undefined> {
    return (await this.findRow(email))?.unsubscribe_token;
  }
}
