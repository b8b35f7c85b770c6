import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 strings and booleans 0/1 integers so that one
 * migration set and one set of queries serve SQLite and PostgreSQL alike.
 */
export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  analytics_events: AnalyticsEventsTable;
  workflows: WorkflowsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string | null;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

/** External sign-in identities (OIDC issuer + subject). */
export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface NotificationSubscriptionsTable {
  id: string;
  email: string;
  user_id: string | null;
  notifications_enabled: number;
  /** JSON of NotificationTypes. */
  notification_types: string;
  subscription_source: string;
  unsubscribe_token: string;
  subscribed_at: string;
  updated_at: string;
}

export interface AnalyticsEventsTable {
  id: string;
  name: string;
  /** JSON object of event parameters. */
  params: string;
  path: string | null;
  user_id: string | null;
  created_at: string;
}

export interface WorkflowsTable {
  id: string;
  user_id: string;
  name: string;
  /** JSON WorkflowDocument. */
  document: string;
  version: number;
  last_run_status: string | null;
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SubscriptionRow = Selectable<NotificationSubscriptionsTable>;
export type WorkflowRow = Selectable<WorkflowsTable>;
