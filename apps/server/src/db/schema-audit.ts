import type { Selectable } from 'kysely';

/*
 * Table types of the audit trail (issue 25, migration 0025, `../audit/`), beside schema.ts
 * so that neither file grows past the size cap; `Database` in schema.ts extends
 * `AuditTables` and `SecretsTable` extends `SecretAuditColumns`.
 */

/** One thing done in a workspace. */
export interface AuditEntriesTable {
  id: string;
  /** The workspace; a personal workspace's id is its user's id. */
  workspace_id: string;
  /** Null: the system, or a caller who is nobody yet (a failed sign-in). */
  actor_user_id: string | null;
  /** The actor's e-mail at the time (or "system"). */
  actor_label: string;
  /** Dotted: `auth.sign_in`, `workflow.update`, `secret.use`… */
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** Small JSON object, or null. */
  details: string | null;
  ip: string | null;
  created_at: string;
}

export type AuditEntryRow = Selectable<AuditEntriesTable>;

/** A workspace's audit settings; no row: the defaults (keep 365 days). */
export interface AuditSettingsTable {
  workspace_id: string;
  retention_days: number;
  updated_at: string;
}

export interface AuditTables {
  audit_entries: AuditEntriesTable;
  audit_settings: AuditSettingsTable;
}

/** Who created a secret and who last used it in a run (null before migration 0025 or before any use). */
export interface SecretAuditColumns {
  created_by: string | null;
  last_used_by: string | null;
  last_used_at: string | null;
}
