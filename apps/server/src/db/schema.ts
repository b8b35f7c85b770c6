import type { TickOutcome } from '@weft/core';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AgentMemoryTable, McpToolsTable, ToolApprovalsTable } from './schema-agents.js';
import type { AuditTables, SecretAuditColumns } from './schema-audit.js';
import type { WorkflowPresenceTable } from './schema-presence.js';
import type { SsoTables } from './schema-sso.js';
import type { WorkspaceTables } from './schema-workspaces.js';

/** Table types. Timestamps are ISO-8601 strings and booleans 0/1 integers so that one migration set and one set of queries serve SQLite and PostgreSQL alike. */
export interface Database extends AuditTables, WorkspaceTables, SsoTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  analytics_events: AnalyticsEventsTable;
  workflows: WorkflowsTable;
  executions: ExecutionsTable;
  secrets: SecretsTable;
  api_keys: ApiKeysTable;
  custom_node_types: CustomNodeTypesTable;
  webhooks: WebhooksTable;
  app_settings: AppSettingsTable;
  schedules: SchedulesTable;
  schedule_ticks: ScheduleTicksTable;
  scheduler_leases: SchedulerLeasesTable;
  files: FilesTable;
  deleted_files: DeletedFilesTable;
  vector_collections: VectorCollectionsTable;
  vector_chunks: VectorChunksTable;
  workflow_versions: WorkflowVersionsTable;
  version_retention: VersionRetentionTable;
  workflow_alerts: WorkflowAlertsTable;
  mcp_tools: McpToolsTable;
  agent_memory: AgentMemoryTable;
  tool_approvals: ToolApprovalsTable;
  workflow_presence: WorkflowPresenceTable;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string | null;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
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

export interface ExecutionsTable {
  id: string;
  user_id: string;
  workflow_id: string;
  workflow_name: string;
  workflow_version: number;
  /** manual | api | webhook | schedule */
  trigger: string;
  /** queued | running | success | error | cancelled */
  status: string;
  error: string | null;
  /** JSON: run inputs by node id. */
  inputs: string;
  /** JSON: values that reached output nodes, by node id. */
  outputs: string | null;
  /** JSON: per-node results (status, inputs, outputs, logs, error, timings). */
  nodes: string;
  /** JSON: LLM token usage summed over the run. */
  usage: string | null;
  /**
   * JSON array of the run's events, masked and truncated, for replay. Values are not
   * repeated here: node:started, node:finished and run:finished leave out their inputs and
   * outputs, which replay takes from `nodes` and `outputs` (run-data-storage.ts).
   */
  events: string | null;
  /** all | outputs | summary: what a successful run kept (core run-data.ts); failures keep all. */
  data_kept: ColumnType<string, string | undefined, string>;
  idempotency_key: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  /** Set when a schedule started it: which one and for which instant. */
  schedule_id: string | null;
  scheduled_for: string | null;
  runner_id: string | null;
  heartbeat_at: string | null;
  /** The execution whose inputs this one replays (migration 0011); optional on insert. */
  replay_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** The run whose Run Workflow node started this one (migration 0021); optional on insert. */
  parent_execution_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the run was going when the process running it died (migration 0012); schedules count these. */
  orphaned: ColumnType<number, number | undefined, number>;
  /**
   * Where a scale-out requeue takes the run inputs from when its job must be rebuilt
   * (migration 0016): `stored` (the row's inputs are exact), `schedule` (its schedule's);
   * null: it cannot be rebuilt.
   */
  rebuild_inputs: ColumnType<string | null, string | null | undefined, string | null>;
  /** How often scale-out queued it again from the database (migration 0016). */
  requeues: ColumnType<number, number | undefined, number>;
  /** The run's model tokens (migration 0023): null until it ends, and when it called no model. */
  input_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  output_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  /** US dollars of its calls whose price was known; null when none was. */
  cost_usd: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when some call's price was unknown (its cost is not in `cost_usd`). */
  cost_incomplete: ColumnType<number, number | undefined, number>;
}

export interface SecretsTable extends SecretAuditColumns {
  id: string;
  user_id: string;
  name: string;
  /** base64(iv | tag | ciphertext), AES-256-GCM. */
  ciphertext: string;
  last4: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 of the key. */
  token_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** JSON array of the workflow ids the key may call; null: every workflow (migration 0019). */
  workflow_ids: string | null;
}

export interface CustomNodeTypesTable {
  id: string;
  user_id: string;
  type: string;
  /** JSON NodeDefinition. */
  definition: string;
  code: string;
  created_at: string;
  updated_at: string;
}

export interface WebhooksTable {
  workflow_id: string;
  user_id: string;
  token: string;
  /** output | accepted */
  respond: string;
  created_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export type ExecutionRow = Selectable<ExecutionsTable>;
export type SecretRow = Selectable<SecretsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CustomNodeTypeRow = Selectable<CustomNodeTypesTable>;
export type WebhookRow = Selectable<WebhooksTable>;

/** A schedule (SPEC.md §7): when to run a workflow by itself. */
export interface SchedulesTable {
  id: string;
  user_id: string;
  workflow_id: string;
  name: string;
  enabled: number;
  kind: 'cron' | 'interval' | 'once';
  cron: string | null;
  interval_seconds: number | null;
  run_at: string | null;
  timezone: string;
  inputs: string;
  overlap_policy: string;
  catch_up_policy: string;
  start_at: string | null;
  end_at: string | null;
  next_fire_at: string | null;
  anchor_at: string;
  created_at: string;
  updated_at: string;
  /** Why Weft paused it by itself (its runs kept dying with the process, or failed N times in a row); null otherwise. Cleared by a resume. */
  paused_reason: string | null;
  /** Migration 0013 (Temporal's policies): null is the server's grace. */
  catch_up_window_seconds: number | null;
  pause_after_failures: number;
  jitter_seconds: number;
  /** How far `next_fire_at` lies after the instant it stands for (the jitter of that tick). */
  next_jitter_ms: number;
  /** A person's note when pausing; cleared by a resume. */
  pause_note: string | null;
}

/** One tick of a schedule: started, skipped (overlap), missed (downtime), failed or waiting (queued overlap). */
export interface ScheduleTicksTable {
  id: string;
  schedule_id: string;
  scheduled_for: string;
  outcome: TickOutcome;
  execution_id: string | null;
  reason: string | null;
  created_at: string;
  /** schedule | trigger | backfill (migration 0013). */
  source: ColumnType<string, string | undefined, string>;
  /** A backfill's or trigger's own overlap policy; null: the schedule's. */
  overlap_policy: ColumnType<string | null, string | null | undefined, string | null>;
  /** The scheduler process that claimed or took it last (migration 0017); while it is pending, that process's lease says whether it is still at it. */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A scheduler process holding pending ticks, alive until `expires_at` by the database's clock (migration 0017). */
export interface SchedulerLeasesTable {
  process_id: string;
  expires_at: string;
}

export type ScheduleRow = Selectable<SchedulesTable>;
export type ScheduleTickRow = Selectable<ScheduleTicksTable>;

/** An upload (migration 0007): its bytes live in the database, so every worker reads them. */
export interface FilesTable {
  id: string;
  user_id: string;
  /** As uploaded, cleaned; shown and sent as the download name, never used as a path. */
  name: string;
  /** Detected from the content at upload. */
  mime_type: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  created_at: string;
  /** better-sqlite3 and pg both hand back a Buffer. */
  content: Uint8Array;
}

/** What a deleted upload was called, so a run that still names it says which file is gone (migration 0018). */
export interface DeletedFilesTable {
  /** The upload's id, as workflows still hold it. */
  id: string;
  user_id: string;
  name: string;
  deleted_at: string;
}

/** A user's named collection of the vector store (migration 0008). */
export interface VectorCollectionsTable {
  id: string;
  user_id: string;
  name: string;
  /** openai | openai-compatible | none (keyword search only) */
  provider: string;
  base_url: string | null;
  model: string | null;
  /** 0 until vectors arrive, and for keyword-only collections. */
  dimensions: number;
  chunk_count: number;
  /** bigint: PostgreSQL hands it back as a string. */
  size_bytes: number | string;
  created_at: string;
  updated_at: string;
}

/** A stored chunk. SQLite keeps its vector and words in the collection's own index tables. */
export interface VectorChunksTable {
  /** Integer key the search indexes refer to (PostgreSQL's bigserial arrives as a string). */
  id: Generated<number | string>;
  collection_id: string;
  /** SHA-256 (hex) of source and text: unique per collection. */
  content_hash: string;
  text: string;
  /** JSON object. */
  metadata: string;
  /** The metadata's `source` when it is text: filters on it use an index. */
  source: string | null;
  /** float32 little-endian; PostgreSQL only (null on SQLite). */
  embedding: Uint8Array | null;
  created_at: string;
}

export type VectorCollectionRow = Selectable<VectorCollectionsTable>;

/** A kept version of a workflow (migration 0009): one row per save. */
export interface WorkflowVersionsTable {
  workflow_id: string;
  version: number;
  /** The workflow's owner: every query is scoped by it. */
  user_id: string;
  /** Who saved it; null once that account is deleted. */
  author_id: string | null;
  name: string;
  /** JSON WorkflowDocument as saved. */
  document: string;
  summary: string;
  restored_from: number | null;
  created_at: string;
}

/** A user's rule for how many versions to keep (migration 0009); no row means keep all. */
export interface VersionRetentionTable {
  user_id: string;
  /** all | count | days */
  mode: string;
  amount: number | null;
  updated_at: string;
}

export type WorkflowVersionRow = Selectable<WorkflowVersionsTable>;

/** Where a workflow's failure alerts go, its failure streak and its last alert (migration 0014, alerts/). */
export interface WorkflowAlertsTable {
  workflow_id: string;
  user_id: string;
  /** JSON array of addresses. */
  emails: string;
  /** JSON SlackAlertTarget (a secret's name, never its value); null: no Slack. */
  slack: string | null;
  webhook_url: string | null;
  error_workflow_id: string | null;
  /** The failed execution that opened the current streak; null after a success. */
  failing_execution_id: string | null;
  failing_at: string | null;
  /** JSON AlertRecord. */
  last_alert: string | null;
  created_at: string;
  updated_at: string;
}

export type WorkflowAlertsRow = Selectable<WorkflowAlertsTable>;
