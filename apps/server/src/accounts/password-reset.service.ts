import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { BackgroundTasks } from '../platform/background-tasks.js';
import { addMinutes, type Clock } from '../platform/clock.js';
import { escapeHtml, type Mailer } from '../platform/mailer.js';
import { hashToken, newToken } from '../platform/tokens.js';
import type { ApiKeysService } from './api-keys.service.js';
import { hashPassword } from './passwords.js';
import type { IssuedSession, SessionsService } from './sessions.service.js';
import type { UsersService } from './users.service.js';

/** How long a reset link works (SPEC.md section 8 leaves it open; one hour is the norm). */
export const RESET_TOKEN_MINUTES = 60;

export type ResetResult = { ok: true; user: UserRow; session: IssuedSession; revokedApiKeys: number } | { ok: false };

/**
 * Password reset by e-mailed link. Only the token's SHA-256 is stored; a token works
 * once, for an hour, and using one signs the user out everywhere and voids the user's
 * other outstanding links.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly background: BackgroundTasks,
    /** Keys are revoked on a reset: whoever took over the account may have made some. */
    private readonly apiKeys: Pick<ApiKeysService, 'revokeAllForUser'>,
  ) {}

  /**
   * Starts a reset in the background and returns at once, so the answer takes the same
   * time whether or not the account exists (the response must not reveal it).
   */
  requestInBackground(email: string): void {
    this.background.run('Password reset e-mail', () => this.request(email));
  }

  /** Creates a token and mails the link; does nothing for an unknown e-mail. */
  async request(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const now = this.clock.now();
    const token = newToken();
    // Expired and used rows have no further use; sweeping here keeps the table small.
    await this.db
      .deleteFrom('password_resets')
      .where('expires_at', '<', addMinutes(now, -24 * 60).toISOString())
      .execute();
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        created_at: now.toISOString(),
        expires_at: addMinutes(now, RESET_TOKEN_MINUTES).toISOString(),
        used_at: null,
      })
      .execute();
    const link = `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: user.email, ...resetMail(link) });
  }

  /**
   * Sets the new password if the token is live. The token is claimed with one
   * conditional UPDATE, so two concurrent uses cannot both succeed.
   */
  async confirm(token: string, password: string, userAgent: string | undefined): Promise<ResetResult> {
    const tokenHash = hashToken(token);
    const row = await this.db.selectFrom('password_resets').select(['user_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return { ok: false };
    const passwordHash = await hashPassword(password);
    const now = this.clock.now().toISOString();
    const claimed = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { ok: false };

    const user = await this.users.update(row.user_id, { passwordHash });
    if (!user) return { ok: false };
    await this.sessions.revokeAllForUser(user.id);
    const revokedApiKeys = await this.apiKeys.revokeAllForUser(user.id);
    await this.db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    const session = await this.sessions.create(user.id, userAgent);
    return { ok: true, user, session, revokedApiKeys };
  }
}

function resetMail(link: string): { subject: string; text: string; html: string } {
  const text = [
    'Someone asked to reset the password of your Weft account.',
    '',
    `Choose a new password here (the link works once, for ${RESET_TOKEN_MINUTES} minutes):`,
    link,
    '',
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Someone asked to reset the password of your Weft account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for ${RESET_TOKEN_MINUTES} minutes).</p>
<p>If it was not you, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { subject: 'Reset your Weft password', text, html };
}
