import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { type SmtpPeer, startSmtpPeer } from '../../test-support/smtp-peer.js';
import { describeEachDatabase, type SignedIn, signUp, startTestWeft, type TestWeft, uniqueEmail } from '../../test-support/test-weft.js';

const PUBLIC_URL = 'http://127.0.0.1:4189';
const INVALID = 'This invitation link is invalid, was already used or has expired. Ask whoever invited you for a new one.';

describeEachDatabase('workspace invitations', (database) => {
  const clock = new ManualClock();
  const suite = {} as { smtp: SmtpPeer; weft: TestWeft };
  beforeAll(async () => {
    suite.smtp = await startSmtpPeer();
    suite.weft = await startTestWeft(database, { env: { ...suite.smtp.env, PUBLIC_URL }, clock });
  });
  afterAll(async () => {
    await suite.weft?.close();
    await suite.smtp?.close();
  });

  const inject = (options: InjectOptions) => suite.weft.app.inject(options);

  async function teamOf(owner: SignedIn): Promise<string> {
    const res = await inject({ method: 'POST', url: '/api/workspaces', headers: owner.headers, payload: { name: 'Research & "Ops"' } });
    return res.json().workspace.id;
  }

  /** Invites `email` and reads the link's token from the mail that arrives. */
  async function invite(owner: SignedIn, workspaceId: string, email: string, role = 'editor'): Promise<{ token: string; id: string }> {
    const res = await inject({ method: 'POST', url: `/api/workspaces/${workspaceId}/invitations`, headers: owner.headers, payload: { email, role } });
    expect(res.statusCode).toBe(201);
    const mail = await suite.smtp.waitForMail(email.toLowerCase());
    const link = /https?:\/\/\S+\/invitations\/accept\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    if (!link) throw new Error(`no invitation link in: ${mail.text}`);
    expect(mail.html).toContain(`href="${link}"`);
    suite.smtp.messages.splice(0);
    return { token: new URL(link).searchParams.get('token') as string, id: res.json().invitation.id };
  }

  const accept = (user: SignedIn, token: string) =>
    inject({ method: 'POST', url: '/api/workspaces/invitations/accept', headers: user.headers, payload: { token } });

  it('mails a link that, accepted by the invited account, makes it a member with the role, once', async () => {
    const owner = await signUp(suite.weft, { displayName: 'Ada' });
    const workspaceId = await teamOf(owner);
    const email = uniqueEmail('invitee');
    const { token } = await invite(owner, workspaceId, email.toUpperCase(), 'editor');
    const stored = await suite.weft.services.db.selectFrom('workspace_invitations').selectAll().where('workspace_id', '=', workspaceId).execute();
    expect(stored.map((r) => [r.email, r.role, r.invited_by, r.accepted_at])).toEqual([[email, 'editor', owner.userId, null]]);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect(Date.parse(stored[0]?.expires_at ?? '') - clock.now().getTime()).toBe(7 * 24 * 60 * 60_000);

    // The invited person signs up after the invitation was sent.
    const invitee = await signUp(suite.weft, { email });
    const preview = await inject({ method: 'POST', url: '/api/workspaces/invitations/preview', headers: invitee.headers, payload: { token } });
    expect(preview.json().invitation).toMatchObject({ workspaceId, workspaceName: 'Research & "Ops"', email, role: 'editor', invitedBy: owner.email });

    clock.advance(60_000);
    const joined = await accept(invitee, token);
    expect([joined.statusCode, joined.json().joined]).toEqual([200, { workspaceId, workspaceName: 'Research & "Ops"', role: 'editor' }]);
    const members = await inject({ method: 'GET', url: `/api/workspaces/${workspaceId}/members`, headers: invitee.headers });
    expect(members.json().members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'editor'],
    ]);
    const pending = await inject({ method: 'GET', url: `/api/workspaces/${workspaceId}/invitations`, headers: owner.headers });
    expect(pending.json().invitations).toEqual([]);

    // Used once: a second use fails, even after leaving.
    const again = await accept(invitee, token);
    expect([again.statusCode, again.json().message]).toEqual([400, INVALID]);
    await inject({ method: 'POST', url: `/api/workspaces/${workspaceId}/leave`, headers: invitee.headers });
    expect((await accept(invitee, token)).statusCode).toBe(400);
  });

  it('refuses the link for another signed-in account, and leaves it usable by the right one', async () => {
    const owner = await signUp(suite.weft);
    const workspaceId = await teamOf(owner);
    const email = uniqueEmail('meant');
    const { token } = await invite(owner, workspaceId, email);
    const someoneElse = await signUp(suite.weft);
    const res = await accept(someoneElse, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `This invitation is for ${email}, and you are signed in as ${someoneElse.email}. Sign in with ${email} (or create an account with it) to accept.`,
    );
    expect((await inject({ method: 'GET', url: `/api/workspaces/${workspaceId}`, headers: someoneElse.headers })).statusCode).toBe(404);
    const meant = await signUp(suite.weft, { email });
    expect((await accept(meant, token)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const owner = await signUp(suite.weft);
    const workspaceId = await teamOf(owner);
    const invitee = await signUp(suite.weft);
    const { token } = await invite(owner, workspaceId, invitee.email);
    clock.advance(7 * 24 * 60 * 60_000);
    const res = await accept(invitee, token);
    expect([res.statusCode, res.json().message]).toEqual([400, INVALID]);
  });

  it('refuses a revoked link, and a link replaced by a newer invitation', async () => {
    const owner = await signUp(suite.weft);
    const workspaceId = await teamOf(owner);
    const invitee = await signUp(suite.weft);
    const first = await invite(owner, workspaceId, invitee.email, 'viewer');
    const second = await invite(owner, workspaceId, invitee.email, 'admin');
    expect((await accept(invitee, first.token)).statusCode).toBe(400);
    const revoke = await inject({ method: 'DELETE', url: `/api/workspaces/${workspaceId}/invitations/${second.id}`, headers: owner.headers });
    expect(revoke.statusCode).toBe(204);
    expect((await accept(invitee, second.token)).statusCode).toBe(400);
    const twice = await inject({ method: 'DELETE', url: `/api/workspaces/${workspaceId}/invitations/${second.id}`, headers: owner.headers });
    expect(twice.statusCode).toBe(404);
  });

  it('caps the open invitations of a workspace', async () => {
    const owner = await signUp(suite.weft);
    const workspaceId = await teamOf(owner);
    const now = clock.now().toISOString();
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: crypto.randomUUID(),
      workspace_id: workspaceId,
      token_hash: `hash-${workspaceId}-${i}`,
      email: `person${i}@example.com`,
      role: 'viewer',
      invited_by: owner.userId,
      created_at: now,
      expires_at: now,
      accepted_at: null,
      accepted_by: null,
    }));
    await suite.weft.services.db.insertInto('workspace_invitations').values(rows).execute();
    const body = (email: string) => ({
      method: 'POST' as const,
      url: `/api/workspaces/${workspaceId}/invitations`,
      headers: owner.headers,
      payload: { email, role: 'viewer' },
    });
    const refused = await inject(body('one-more@example.com'));
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This workspace has 100 open invitations. Revoke some, or wait until they are accepted.',
    ]);
    // Inviting someone already invited again replaces their invitation, so it stays allowed.
    const again = await inject(body('person7@example.com'));
    expect(again.statusCode).toBe(201);
    suite.smtp.messages.splice(0);
  });

  it('refuses inviting a member, and a nonsense token', async () => {
    const owner = await signUp(suite.weft);
    const workspaceId = await teamOf(owner);
    const res = await inject({
      method: 'POST',
      url: `/api/workspaces/${workspaceId}/invitations`,
      headers: owner.headers,
      payload: { email: owner.email, role: 'viewer' },
    });
    expect([res.statusCode, res.json().message]).toEqual([409, `${owner.email} is already a member of this workspace.`]);
    expect((await accept(owner, 'not-a-token')).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/workspaces/invitations/accept', payload: { token: 'x' } })).statusCode).toBe(401);
  });
});
