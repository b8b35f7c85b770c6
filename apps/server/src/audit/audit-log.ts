import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { AuditEntryRow } from '../db/schema-audit.js';
import type { Clock } from '../platform/clock.js';

/** What a workspace keeps when it never said (days). */
export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
/** Biggest list page; export reads in pages of this size too. */
export const MAX_AUDIT_PAGE = 200;
/** Details are a few facts, never a document: anything longer is cut to this. */
const MAX_DETAILS_CHARS = 2000;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** One thing done, as a service or the HTTP layer reports it. */
export interface AuditRecord {
  /** The workspace it happened in; a personal workspace's id is its user's id. */
  workspaceId: string;
  /** Null: the system, or a caller who is nobody yet (a failed sign-in). */
  actorUserId: string | null;
  /** The actor's e-mail now; kept as it was. */
  actorLabel: string;
  /** Dotted, e.g. `workflow.update`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  targetLabel?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

/** An entry as the API answers it (core's API type, shared with the web app). */
export type { AuditEntry };

/** The list's filters; each narrows, all optional. */
export interface AuditFilters {
  /** `workflow` matches `workflow.create`, `workflow.update`…; `workflow.update` only itself. */
  action?: string | undefined;
  /** A user id, or an e-mail (the label at the time). */
  actor?: string | undefined;
  targetId?: string | undefined;
  /** ISO instants; `from` inclusive, `to` exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Where a page ends (the last entry's time and id), for the next page. */
export interface AuditPlace {
  createdAt: string;
  id: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The last entry's place when more may follow; null at the end. */
  next: AuditPlace | null;
}

function toEntry(row: AuditEntryRow): AuditEntry {
  const hasTarget = row.target_type !== null || row.target_id !== null || row.target_label !== null;
  return {
    id: row.id,
    at: row.created_at,
    actor: { userId: row.actor_user_id, label: row.actor_label },
    action: row.action,
    target: hasTarget ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    ip: row.ip,
  };
}

function detailsText(details: Record<string, unknown> | null | undefined): string | null {
  if (!details || Object.keys(details).length === 0) return null;
  const text = JSON.stringify(details);
  return text.length <= MAX_DETAILS_CHARS ? text : JSON.stringify({ truncated: true });
}

/**
 * Entry ids sort in the order `record` and `recordLater` were called in this process, so
 * entries of one millisecond (or one frozen test clock) list in the order they happened:
 * a counter that starts at the time in microseconds, then a random tail against other
 * processes' ids.
 */
let lastSequence = 0;
function nextSequence(): number {
  lastSequence = Math.max(lastSequence + 1, Date.now() * 1000);
  return lastSequence;
}
const entryId = (sequence: number, index: number) =>
  `${sequence.toString(16).padStart(14, '0')}${index.toString(16).padStart(4, '0')}${randomBytes(6).toString('hex')}`;

const clip = (text: string | null | undefined, max: number): string | null => (text == null ? null : text.slice(0, max));

/**
 * The audit trail of every workspace: who did what, when, to what, from where. Entries
 * are written by `record` (awaited) or `recordLater` (not awaited: the caller's answer
 * does not wait for the trail, and a failed write is logged, never thrown at the caller);
 * `settle` waits for the latter (shutdown, tests). Each workspace keeps its entries for its
 * retention setting; `prune` deletes older ones, hourly once `startPruning` was called.
 */
export class AuditLog {
  private readonly pending = new Set<Promise<void>>();
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async record(record: AuditRecord): Promise<void> {
    await this.recordMany([record]);
  }

  /** `at` and `sequence` are when it happened, if that was before this call (recordLater). */
  async recordMany(records: readonly AuditRecord[], at = this.clock.now(), sequence = nextSequence()): Promise<void> {
    if (records.length === 0) return;
    const now = at.toISOString();
    await this.db
      .insertInto('audit_entries')
      .values(
        records.map((r, index) => ({
          id: entryId(sequence, index),
          workspace_id: r.workspaceId,
          actor_user_id: r.actorUserId,
          actor_label: clip(r.actorLabel, 320) ?? '',
          action: r.action,
          target_type: clip(r.targetType, 32),
          target_id: clip(r.targetId, 200),
          target_label: clip(r.targetLabel, 300),
          details: detailsText(r.details),
          ip: clip(r.ip, 64),
          created_at: now,
        })),
      )
      .execute();
  }

  /** Records without making the caller wait; a failure is logged with the action only. */
  recordLater(work: AuditRecord | (() => Promise<readonly AuditRecord[]>)): void {
    // Stamped now, though written later: the trail keeps the order things happened in.
    const at = this.clock.now();
    const sequence = nextSequence();
    const records = typeof work === 'function' ? work() : Promise.resolve([work]);
    this.track(
      records.then((list) => this.recordMany(list, at, sequence)),
      'An audit entry could not be written',
    );
  }

  private track(work: Promise<unknown>, failure: string): void {
    const task = work.then(
      () => undefined,
      (error: unknown) => this.log.error({ reason: error instanceof Error ? error.message : String(error) }, failure),
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** Resolves when every entry handed to `recordLater` so far is written (or failed). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Newest first; `after` is the previous page's `next`. */
  async list(workspaceId: string, filters: AuditFilters, page: { limit: number; after?: AuditPlace | undefined }): Promise<AuditPage> {
    let query = this.db.selectFrom('audit_entries').selectAll().where('workspace_id', '=', workspaceId);
    if (filters.action) {
      const action = filters.action;
      // A range on the dotted name, so the (workspace, action, time) index serves a prefix.
      query = query.where((eb) => eb.or([eb('action', '=', action), eb.and([eb('action', '>=', `${action}.`), eb('action', '<', `${action}/`)])]));
    }
    if (filters.actor) query = query.where(filters.actor.includes('@') ? 'actor_label' : 'actor_user_id', '=', filters.actor);
    if (filters.targetId) query = query.where('target_id', '=', filters.targetId);
    if (filters.from) query = query.where('created_at', '>=', filters.from);
    if (filters.to) query = query.where('created_at', '<', filters.to);
    const after = page.after;
    if (after) {
      query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    }
    const limit = Math.min(Math.max(page.limit, 1), MAX_AUDIT_PAGE);
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    const last = kept.at(-1);
    return { entries: kept.map(toEntry), next: more && last ? { createdAt: last.created_at, id: last.id } : null };
  }

  /** Every entry the filters match, newest first, a page at a time (exports). */
  async *all(workspaceId: string, filters: AuditFilters): AsyncGenerator<AuditEntry> {
    let after: AuditPlace | undefined;
    for (;;) {
      const page = await this.list(workspaceId, filters, { limit: MAX_AUDIT_PAGE, after });
      yield* page.entries;
      if (!page.next) return;
      after = page.next;
    }
  }

  async retentionDays(workspaceId: string): Promise<number> {
    const row = await this.db.selectFrom('audit_settings').select('retention_days').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row?.retention_days ?? DEFAULT_RETENTION_DAYS;
  }

  /** The caller checked the range (MIN_RETENTION_DAYS…MAX_RETENTION_DAYS). */
  async setRetentionDays(workspaceId: string, days: number): Promise<void> {
    const updatedAt = this.clock.now().toISOString();
    await this.db
      .insertInto('audit_settings')
      .values({ workspace_id: workspaceId, retention_days: days, updated_at: updatedAt })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ retention_days: days, updated_at: updatedAt }))
      .execute();
  }

  /** Deletes what each workspace's retention no longer keeps; returns how many went. */
  async prune(): Promise<number> {
    const now = this.clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
    const settings = await this.db.selectFrom('audit_settings').select(['workspace_id', 'retention_days']).execute();
    let deleted = 0;
    for (const s of settings) {
      const result = await this.db
        .deleteFrom('audit_entries')
        .where('workspace_id', '=', s.workspace_id)
        .where('created_at', '<', before(s.retention_days))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    // Workspaces that never set a retention keep the default.
    const rest = await this.db
      .deleteFrom('audit_entries')
      .where('created_at', '<', before(DEFAULT_RETENTION_DAYS))
      .where('workspace_id', 'not in', this.db.selectFrom('audit_settings').select('workspace_id'))
      .executeTakeFirst();
    deleted += Number(rest.numDeletedRows);
    if (deleted > 0) this.log.info({ deleted }, 'Old audit entries deleted (retention)');
    return deleted;
  }

  /**
   * A workspace that is gone takes its trail with it (a personal one goes with its
   * account). Entries the person made elsewhere stay, under the e-mail they had.
   */
  async forgetWorkspace(workspaceId: string): Promise<void> {
    await this.db.deleteFrom('audit_entries').where('workspace_id', '=', workspaceId).execute();
    await this.db.deleteFrom('audit_settings').where('workspace_id', '=', workspaceId).execute();
  }

  /** Prunes now and then hourly, until `close`. */
  startPruning(everyMs = HOUR_MS): void {
    if (this.pruneTimer) return;
    const prune = () => this.track(this.prune(), 'Pruning old audit entries failed');
    prune();
    this.pruneTimer = setInterval(prune, everyMs);
    this.pruneTimer.unref();
  }

  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = undefined;
    await this.settle();
  }
}
