import type { Clock } from '../platform/clock.js';
import type { AuditLog } from './audit-log.js';

/** A secret's use is written at most once per this, per secret and process. */
export const SECRET_USE_WINDOW_MS = 60_000;
/** Past this many remembered uses, those older than the window are forgotten. */
const REMEMBERED_MAX = 10_000;

export interface SecretUseDeps {
  audit: AuditLog;
  clock: Clock;
  /** Stamps `last_used_by` / `last_used_at` on the named secrets the user has; answers those found. */
  markUsed(userId: string, names: readonly string[], at: string): Promise<readonly { id: string; name: string }[]>;
  /** The user's e-mail, for the entry's actor. */
  labelOf(userId: string): Promise<string | undefined>;
  windowMs?: number;
}

/**
 * `secret.use` entries and secrets' last use, fed from the run path. A busy workflow runs
 * many times a second, and the run must not wait on the trail: `used` only checks an
 * in-memory map (once per secret per minute per process gets through) and hands the write
 * to the audit log's background work, whose failures are logged, never the run's.
 * Several processes (scale-out) each write at most one a minute.
 */
export class SecretUseRecorder {
  private readonly lastWritten = new Map<string, number>();

  constructor(private readonly deps: SecretUseDeps) {}

  used(userId: string, names: readonly string[]): void {
    if (names.length === 0) return;
    const now = this.deps.clock.now().getTime();
    const windowMs = this.deps.windowMs ?? SECRET_USE_WINDOW_MS;
    const due = names.filter((name) => {
      const key = `${userId}\u0000${name}`;
      const last = this.lastWritten.get(key);
      if (last !== undefined && now - last < windowMs) return false;
      this.lastWritten.set(key, now);
      return true;
    });
    if (due.length === 0) return;
    if (this.lastWritten.size > REMEMBERED_MAX) this.forgetBefore(now - windowMs);
    const at = new Date(now).toISOString();
    this.deps.audit.recordLater(async () => {
      const marked = await this.deps.markUsed(userId, due, at);
      if (marked.length === 0) return [];
      const label = (await this.deps.labelOf(userId)) ?? userId;
      return marked.map((secret) => ({
        workspaceId: userId,
        actorUserId: userId,
        actorLabel: label,
        action: 'secret.use',
        targetType: 'secret',
        targetId: secret.id,
        targetLabel: secret.name,
      }));
    });
  }

  private forgetBefore(cutoff: number): void {
    for (const [key, at] of this.lastWritten) if (at < cutoff) this.lastWritten.delete(key);
  }
}
