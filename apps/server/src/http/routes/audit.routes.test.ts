import { expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { addSecret, createWorkflow, edge, node, runAndWait, workflow } from '../../test-support/run-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Entry {
  action: string;
  actor: { userId: string | null; label: string };
  target: { type: string | null; id: string | null; label: string | null } | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

describeEachDatabase('audit routes', (database) => {
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  const weft = useTestWeft(database, { clock });

  const call = (user: SignedIn | null, method: Method, url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (user: SignedIn, method: Method, url: string, payload?: unknown) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.body ? res.json() : undefined;
  };
  /** The trail once every entry handed off so far is written. */
  const entries = async (user: SignedIn, query = ''): Promise<Entry[]> => {
    await weft().services.audit.settle();
    const res = await call(user, 'GET', `/api/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries;
  };

  it.each([
    ['GET', '/api/audit'],
    ['GET', '/api/audit/export'],
    ['GET', '/api/audit/retention'],
    ['PUT', '/api/audit/retention'],
  ] as [Method, string][])('%s %s answers 401 without a session', async (method, url) => {
    expect((await call(null, method, url, method === 'PUT' ? { days: 30 } : undefined)).statusCode).toBe(401);
  });

  it('records each action done through the API, newest first, with who, what and from where', async () => {
    const user = await signUp(weft());
    const login = await call(null, 'POST', '/api/auth/login', { email: user.email, password: 'correct horse' });
    expect(login.statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/auth/login', { email: user.email, password: 'wrong' })).statusCode).toBe(401);
    const { workflow: created } = await ok(user, 'POST', '/api/workflows', greetingWorkflow('Invoices'));
    const { workflow: saved } = await ok(user, 'PUT', `/api/workflows/${created.id}`, { baseVersion: 1, document: greetingWorkflow('Invoices v2') });
    await ok(user, 'POST', `/api/workflows/${created.id}/versions/1/restore`, { baseVersion: saved.version });
    await ok(user, 'GET', `/api/workflows/${created.id}/export`);
    const schedule = await ok(user, 'POST', '/api/schedules', { workflowId: created.id, name: 'Nightly', cron: '0 3 * * *' });
    await ok(user, 'PUT', `/api/schedules/${schedule.id}`, { name: 'Nightly run' });
    await ok(user, 'DELETE', `/api/schedules/${schedule.id}`);
    const { secret } = await ok(user, 'POST', '/api/secrets', { name: 'STRIPE_KEY', value: 'sk_live_0123456789' });
    await ok(user, 'PUT', `/api/secrets/${secret.id}`, { value: 'sk_live_9876543210' });
    await ok(user, 'DELETE', `/api/secrets/${secret.id}`);
    const { apiKey } = await ok(user, 'POST', '/api/api-keys', { name: 'CI' });
    await ok(user, 'DELETE', `/api/api-keys/${apiKey.id}`);
    await ok(user, 'DELETE', `/api/workflows/${created.id}`);

    const trail = await entries(user, '?limit=200');
    expect(trail.map((e) => e.action).reverse()).toEqual([
      'auth.sign_in',
      'auth.sign_in_failed',
      'workflow.create',
      'workflow.update',
      'workflow.restore',
      'workflow.export',
      'schedule.create',
      'schedule.update',
      'schedule.delete',
      'secret.create',
      'secret.update',
      'secret.delete',
      'api_key.create',
      'api_key.revoke',
      'workflow.delete',
    ]);
    const byAction = (action: string) => trail.find((e) => e.action === action) as Entry;
    expect(byAction('auth.sign_in').actor).toEqual({ userId: user.userId, label: user.email });
    // Nobody is signed in for a wrong password: the actor is the address that was typed.
    expect(byAction('auth.sign_in_failed').actor).toEqual({ userId: null, label: user.email });
    expect(byAction('workflow.update')).toMatchObject({ target: { type: 'workflow', id: created.id, label: 'Invoices v2' }, ip: '127.0.0.1' });
    expect(byAction('workflow.restore').details).toEqual({ version: 1 });
    // A delete's answer is empty: the name was read before it went.
    expect(byAction('workflow.delete').target).toEqual({ type: 'workflow', id: created.id, label: 'Invoices' });
    expect(byAction('schedule.delete').target).toEqual({ type: 'schedule', id: schedule.id, label: 'Nightly run' });
    expect(byAction('secret.delete').target?.label).toBe('STRIPE_KEY');
    expect(byAction('api_key.revoke').target).toEqual({ type: 'api_key', id: apiKey.id, label: 'CI' });
    // Nothing of a secret's value reaches the trail.
    expect(JSON.stringify(trail)).not.toContain('sk_live');
  });

  it('filters by action prefix, person, target and dates, and pages with a cursor', async () => {
    const user = await signUp(weft());
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(60_000);
      ids.push(await createWorkflow(weft(), user, greetingWorkflow(`W${i}`)));
    }
    const middle = clock.now().toISOString();
    clock.advance(60_000);
    await ok(user, 'POST', '/api/secrets', { name: 'KEY_A', value: 'value-a-123456' });

    expect((await entries(user, '?action=secret')).map((e) => e.action)).toEqual(['secret.create']);
    expect(await entries(user, '?action=workflow.create')).toHaveLength(5);
    expect(await entries(user, '?action=workflow.delete')).toHaveLength(0);
    expect(await entries(user, `?actor=${encodeURIComponent(user.email)}&action=workflow`)).toHaveLength(5);
    expect(await entries(user, `?actor=${user.userId}&action=workflow`)).toHaveLength(5);
    expect(await entries(user, '?actor=someone-else@example.com')).toHaveLength(0);
    expect((await entries(user, `?target=${ids[2]}`)).map((e) => e.target?.label)).toEqual(['W2']);
    expect((await entries(user, `?to=${encodeURIComponent(middle)}`)).map((e) => e.target?.label)).toEqual(['W3', 'W2', 'W1', 'W0']);
    expect((await entries(user, `?from=${encodeURIComponent(middle)}&action=workflow`)).map((e) => e.target?.label)).toEqual(['W4']);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(user, 'GET', `/api/audit?action=workflow&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const body = res.json() as { entries: Entry[]; nextCursor: string | null };
      seen.push(...body.entries.map((e) => e.target?.label ?? ''));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['W4', 'W3', 'W2', 'W1', 'W0']);
  });

  it.each([
    ['?action=Workflow!', 'action: Use an action like workflow, or workflow.update'],
    ['?from=yesterday', 'from: Use a date like 2026-11-28'],
    ['?from=2026-03-02&to=2026-03-01', 'from must be before to'],
    ['?limit=500', 'limit'],
    ['?cursor=nonsense', 'cursor: not a cursor this server gave out'],
  ])('GET /api/audit%s answers 400 saying what is wrong', async (query, message) => {
    const user = await signUp(weft());
    const res = await call(user, 'GET', `/api/audit${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("never shows another user's trail: theirs is empty for you, and asking for it by id is a 404", async () => {
    const alice = await signUp(weft());
    const bob = await signUp(weft());
    await createWorkflow(weft(), alice, greetingWorkflow('Alice only'));
    expect(JSON.stringify(await entries(bob))).not.toContain('Alice only');
    for (const url of [
      `/api/audit?workspace=${alice.userId}`,
      `/api/audit/export?workspace=${alice.userId}`,
      `/api/audit/retention?workspace=${alice.userId}`,
    ]) {
      expect((await call(bob, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(bob, 'PUT', `/api/audit/retention?workspace=${alice.userId}`, { days: 1 })).statusCode).toBe(404);
  });

  it("lets a team workspace's owners and admins read its trail; an editor gets 403, a stranger 404", async () => {
    const [owner, admin, editor, stranger] = [await signUp(weft()), await signUp(weft()), await signUp(weft()), await signUp(weft())];
    const { workspace } = await ok(owner, 'POST', '/api/workspaces', { name: 'Finance' });
    const now = clock.now().toISOString();
    await weft()
      .services.db.insertInto('workspace_members')
      .values([
        { workspace_id: workspace.id, user_id: admin.userId, role: 'admin', created_at: now },
        { workspace_id: workspace.id, user_id: editor.userId, role: 'editor', created_at: now },
      ])
      .execute();
    await weft().services.audit.record({ workspaceId: workspace.id, actorUserId: owner.userId, actorLabel: owner.email, action: 'member.add' });
    for (const user of [owner, admin]) {
      expect((await entries(user, `?workspace=${workspace.id}`)).map((e) => e.action)).toEqual(['member.add', 'workspace.create']);
    }
    expect((await call(admin, 'PUT', `/api/audit/retention?workspace=${workspace.id}`, { days: 90 })).statusCode).toBe(200);
    // The change is in the team's trail, not the admin's own.
    expect((await entries(owner, `?workspace=${workspace.id}&action=audit`)).map((e) => e.actor.label)).toEqual([admin.email]);
    const refused = await call(editor, 'GET', `/api/audit?workspace=${workspace.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('owners and admins');
    expect((await call(editor, 'GET', `/api/audit/export?workspace=${workspace.id}`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/audit?workspace=${workspace.id}`)).statusCode).toBe(404);
  });

  it("records a team workspace's membership changes in that workspace's trail, and forgets it when it goes", async () => {
    const [owner, member] = [await signUp(weft()), await signUp(weft())];
    const { workspace } = await ok(owner, 'POST', '/api/workspaces', { name: 'Ops' });
    const { invitation } = await ok(owner, 'POST', `/api/workspaces/${workspace.id}/invitations`, { email: 'new.hire@example.com', role: 'viewer' });
    await ok(owner, 'DELETE', `/api/workspaces/${workspace.id}/invitations/${invitation.id}`);
    await weft()
      .services.db.insertInto('workspace_members')
      .values({ workspace_id: workspace.id, user_id: member.userId, role: 'viewer', created_at: clock.now().toISOString() })
      .execute();
    await ok(owner, 'PATCH', `/api/workspaces/${workspace.id}/members/${member.userId}`, { role: 'editor' });
    await ok(owner, 'DELETE', `/api/workspaces/${workspace.id}/members/${member.userId}`);

    const trail = (await entries(owner, `?workspace=${workspace.id}`)).reverse();
    expect(trail.map((e) => [e.action, e.target?.label ?? e.target?.id, e.details])).toEqual([
      ['workspace.create', 'Ops', null],
      ['member.invite', 'new.hire@example.com', { role: 'viewer' }],
      ['member.invite_revoke', invitation.id, null],
      ['member.role_change', member.email, { role: 'editor' }],
      ['member.remove', member.email, null],
    ]);
    // None of it is in the owner's personal trail.
    expect((await entries(owner, '?action=member')).length).toBe(0);

    await ok(owner, 'DELETE', `/api/workspaces/${workspace.id}`);
    await weft().services.audit.settle();
    expect((await weft().services.audit.list(workspace.id, {}, { limit: 10 })).entries).toHaveLength(0);
  });

  it('exports CSV with formula-looking names made inert, and JSON', async () => {
    const user = await signUp(weft());
    await createWorkflow(weft(), user, greetingWorkflow('=HYPERLINK("http://evil.example","click"), really'));
    await weft().services.audit.settle();
    const csv = await call(user, 'GET', '/api/audit/export?format=csv&action=workflow');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="weft-audit-.*\.csv"$/);
    const [header, row] = csv.body.split('\r\n');
    expect(header).toBe('time,actor,actor_user_id,action,target_type,target_id,target_label,details,ip');
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""click""), really",`);
    const json = await call(user, 'GET', '/api/audit/export?format=json');
    expect((json.json() as Entry[]).map((e) => e.action)).toEqual(['workflow.create']);
    expect((await call(user, 'GET', '/api/audit/export?format=xml')).statusCode).toBe(400);
  });

  it('keeps a retention setting per workspace, 365 days until changed, and refuses nonsense', async () => {
    const user = await signUp(weft());
    expect((await ok(user, 'GET', '/api/audit/retention')).days).toBe(365);
    expect(await ok(user, 'PUT', '/api/audit/retention', { days: 30 })).toEqual({ days: 30 });
    expect((await ok(user, 'GET', '/api/audit/retention')).days).toBe(30);
    const [change] = await entries(user, '?action=audit');
    expect(change).toMatchObject({ action: 'audit.retention_change', actor: { userId: user.userId }, details: { days: 30 } });
    for (const days of [0, 1.5, 4000, '30']) {
      const res = await call(user, 'PUT', '/api/audit/retention', { days });
      expect(res.statusCode, String(days)).toBe(400);
    }
  });

  it('records a secret used by a run once a minute, and the secrets list says who used it and when', async () => {
    const user = await signUp(weft());
    await addSecret(weft(), user, 'API_TOKEN', 'token-value-123456');
    await addSecret(weft(), user, 'UNUSED', 'other-value-123456');
    const doc = workflow('Uses a secret', [node('in', 'input.text', { text: 'Bearer {{secrets.API_TOKEN}}' }), node('out', 'output')], [edge('in', 'out')]);
    const id = await createWorkflow(weft(), user, doc);
    const uses = async () => (await entries(user, '?action=secret.use')).length;

    expect((await runAndWait(weft(), user, id)).status).toBe('success');
    expect(await uses()).toBe(1);
    expect((await runAndWait(weft(), user, id)).status).toBe('success');
    expect(await uses()).toBe(1);
    clock.advance(60_000);
    expect((await runAndWait(weft(), user, id)).status).toBe('success');
    expect(await uses()).toBe(2);

    const [entry] = await entries(user, '?action=secret.use');
    expect(entry).toMatchObject({ actor: { userId: user.userId, label: user.email }, target: { type: 'secret', label: 'API_TOKEN' } });
    const { secrets } = await ok(user, 'GET', '/api/secrets');
    const byName = Object.fromEntries(secrets.map((s: { name: string }) => [s.name, s]));
    expect(byName.API_TOKEN).toMatchObject({ createdBy: user.email, lastUsedBy: user.email, lastUsedAt: clock.now().toISOString() });
    expect(byName.UNUSED).toMatchObject({ createdBy: user.email, lastUsedBy: null, lastUsedAt: null });
  });

  it("deletes a deleted account's own trail, keeping what it did in others' workspaces", async () => {
    const user = await signUp(weft(), { password: 'delete me now' });
    await createWorkflow(weft(), user, greetingWorkflow('Gone soon'));
    await weft().services.audit.settle();
    expect((await weft().services.audit.list(user.userId, {}, { limit: 10 })).entries).toHaveLength(1);
    expect((await call(user, 'DELETE', '/api/me', { password: 'delete me now' })).statusCode).toBe(204);
    await weft().services.audit.settle();
    expect((await weft().services.audit.list(user.userId, {}, { limit: 10 })).entries).toHaveLength(0);
  });
});
