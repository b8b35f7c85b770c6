import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { MayViewWorkflow } from './workflow-access.js';

/** How often an editor tab says it is still there. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
/** A tab not heard from for this long no longer counts (three heartbeats missed). */
export const PRESENCE_EXPIRY_MS = 45_000;
/** Expired rows of every workflow are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/** Another tab with the workflow open, as the editor's top bar shows it. */
export interface WorkflowViewer {
  sessionId: string;
  userId: string;
  /** Display name, else e-mail. */
  name: string;
  /** The same user in another tab (or browser). */
  sameUser: boolean;
  /** The tab's first heartbeat. */
  since: string;
  seenAt: string;
}

/**
 * Who has a workflow open, one row per editor tab (`workflow_presence`, migration 0026),
 * kept in the database so that every API process of a scale-out deployment answers the
 * same. A heartbeat is one upsert; a read skips rows older than the expiry, and a
 * process deletes expired rows of every workflow at most once a minute.
 */
export class PresenceService {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly mayView: MayViewWorkflow,
  ) {}

  /**
   * Records that this tab has the workflow open and answers the other tabs that do (the
   * asking tab left out). Undefined when the user may not see the workflow.
   */
  async heartbeat(userId: string, workflowId: string, sessionId: string): Promise<WorkflowViewer[] | undefined> {
    if (!(await this.mayView(userId, workflowId))) return undefined;
    const now = this.clock.now();
    const seenAt = now.toISOString();
    await this.db
      .insertInto('workflow_presence')
      .values({ workflow_id: workflowId, user_id: userId, session_id: sessionId, opened_at: seenAt, seen_at: seenAt })
      .onConflict((oc) => oc.columns(['workflow_id', 'user_id', 'session_id']).doUpdateSet({ seen_at: seenAt }))
      .execute();
    await this.pruneNowAndThen(now);
    const rows = await this.db
      .selectFrom('workflow_presence')
      .innerJoin('users', 'users.id', 'workflow_presence.user_id')
      .select([
        'workflow_presence.session_id',
        'workflow_presence.user_id',
        'workflow_presence.opened_at',
        'workflow_presence.seen_at',
        'users.display_name',
        'users.email',
      ])
      .where('workflow_presence.workflow_id', '=', workflowId)
      .where('workflow_presence.seen_at', '>', cutoff(now))
      .orderBy('workflow_presence.opened_at')
      .orderBy('workflow_presence.session_id')
      .execute();
    return rows
      .filter((row) => !(row.user_id === userId && row.session_id === sessionId))
      .map((row) => ({
        sessionId: row.session_id,
        userId: row.user_id,
        name: row.display_name?.trim() || row.email,
        sameUser: row.user_id === userId,
        since: row.opened_at,
        seenAt: row.seen_at,
      }));
  }

  /** The tab closed the workflow; false when the user may not see it. */
  async leave(userId: string, workflowId: string, sessionId: string): Promise<boolean> {
    if (!(await this.mayView(userId, workflowId))) return false;
    await this.db
      .deleteFrom('workflow_presence')
      .where('workflow_id', '=', workflowId)
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId)
      .execute();
    return true;
  }

  /** Rows of tabs that vanished without a leave (crash, lost network), once a minute. */
  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.db.deleteFrom('workflow_presence').where('seen_at', '<=', cutoff(now)).execute();
  }
}

function cutoff(now: Date): string {
  return new Date(now.getTime() - PRESENCE_EXPIRY_MS).toISOString();
}
