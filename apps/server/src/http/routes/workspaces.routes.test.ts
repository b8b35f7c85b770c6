import { expect, it } from 'vitest';
import { describeEachDatabase, type SignedIn, signUp, type TestWeft, useTestWeft } from '../../test-support/test-weft.js';
import type { Role } from '../../workspaces/permissions.js';

type Caller = Role | 'outsider';
const CALLERS: Caller[] = ['owner', 'admin', 'editor', 'viewer', 'outsider'];

interface Team {
  id: string;
  as: Record<Caller, SignedIn>;
  /** An editor the routes act on (role changes, removal, transfer). */
  target: SignedIn;
  invitationId: string;
}

/** A fresh team: its owner made it through the API; the other members are put in the table, as an accepted invitation would. */
async function newTeam(weft: TestWeft, users: Record<Caller, SignedIn> & { target: SignedIn }): Promise<Team> {
  const created = await weft.app.inject({ method: 'POST', url: '/api/workspaces', headers: users.owner.headers, payload: { name: 'Team' } });
  expect(created.statusCode).toBe(201);
  const id = created.json().workspace.id as string;
  const now = new Date().toISOString();
  const members = (['admin', 'editor', 'viewer'] as const).map((role) => ({ workspace_id: id, user_id: users[role].userId, role, created_at: now }));
  members.push({ workspace_id: id, user_id: users.target.userId, role: 'editor', created_at: now });
  await weft.services.db.insertInto('workspace_members').values(members).execute();
  const invited = await weft.app.inject({
    method: 'POST',
    url: `/api/workspaces/${id}/invitations`,
    headers: users.owner.headers,
    payload: { email: 'someone@example.com', role: 'viewer' },
  });
  expect(invited.statusCode).toBe(201);
  return { id, as: users, target: users.target, invitationId: invited.json().invitation.id };
}

interface RouteCase {
  name: string;
  request: (team: Team) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };
  allowed: Record<Caller, number>;
}

const OK = (status: number, denied = 403): Record<Caller, number> => ({ owner: status, admin: denied, editor: denied, viewer: denied, outsider: 404 });
const MANAGERS = (status: number): Record<Caller, number> => ({ owner: status, admin: status, editor: 403, viewer: 403, outsider: 404 });
const MEMBERS = (status: number): Record<Caller, number> => ({ owner: status, admin: status, editor: status, viewer: status, outsider: 404 });

const ROUTES: RouteCase[] = [
  { name: 'read the workspace', request: (t) => ({ method: 'GET', url: `/api/workspaces/${t.id}` }), allowed: MEMBERS(200) },
  { name: 'rename', request: (t) => ({ method: 'PATCH', url: `/api/workspaces/${t.id}`, payload: { name: 'Renamed' } }), allowed: MANAGERS(200) },
  { name: 'delete', request: (t) => ({ method: 'DELETE', url: `/api/workspaces/${t.id}` }), allowed: OK(204) },
  { name: 'list members', request: (t) => ({ method: 'GET', url: `/api/workspaces/${t.id}/members` }), allowed: MEMBERS(200) },
  {
    name: "change a member's role",
    request: (t) => ({ method: 'PATCH', url: `/api/workspaces/${t.id}/members/${t.target.userId}`, payload: { role: 'viewer' } }),
    allowed: MANAGERS(200),
  },
  { name: 'remove a member', request: (t) => ({ method: 'DELETE', url: `/api/workspaces/${t.id}/members/${t.target.userId}` }), allowed: MANAGERS(204) },
  // The owner is the only one: leaving would leave the workspace without one.
  { name: 'leave', request: (t) => ({ method: 'POST', url: `/api/workspaces/${t.id}/leave` }), allowed: { ...MEMBERS(204), owner: 409 } },
  {
    name: 'transfer ownership',
    request: (t) => ({ method: 'POST', url: `/api/workspaces/${t.id}/transfer`, payload: { userId: t.target.userId } }),
    allowed: OK(200),
  },
  { name: 'list invitations', request: (t) => ({ method: 'GET', url: `/api/workspaces/${t.id}/invitations` }), allowed: MANAGERS(200) },
  {
    name: 'invite',
    request: (t) => ({ method: 'POST', url: `/api/workspaces/${t.id}/invitations`, payload: { email: 'new@example.com', role: 'editor' } }),
    allowed: MANAGERS(201),
  },
  {
    name: 'revoke an invitation',
    request: (t) => ({ method: 'DELETE', url: `/api/workspaces/${t.id}/invitations/${t.invitationId}` }),
    allowed: MANAGERS(204),
  },
];

describeEachDatabase('workspace routes', (database) => {
  const weft = useTestWeft(database);

  async function people(): Promise<Record<Caller, SignedIn> & { target: SignedIn }> {
    const [owner, admin, editor, viewer, outsider, target] = await Promise.all(Array.from({ length: 6 }, () => signUp(weft())));
    return { owner, admin, editor, viewer, outsider, target } as Record<Caller, SignedIn> & { target: SignedIn };
  }

  it('answers every route for every role as its permissions say, never with a 500', async () => {
    const users = await people();
    const seen: string[] = [];
    const expected: string[] = [];
    for (const route of ROUTES) {
      for (const caller of CALLERS) {
        const team = await newTeam(weft(), users);
        const res = await weft().app.inject({ ...route.request(team), headers: users[caller].headers });
        seen.push(`${route.name} as ${caller}: ${res.statusCode}`);
        expected.push(`${route.name} as ${caller}: ${route.allowed[caller]}`);
        if (res.statusCode === 403) expect(res.json().message).toMatch(/role|owner/i);
      }
    }
    expect(seen).toEqual(expected);
  });

  it('refuses API keys and anonymous callers on every route', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    const key = await weft().app.inject({ method: 'POST', url: '/api/api-keys', headers: users.owner.headers, payload: { name: 'script' } });
    const keyHeaders = { authorization: `Bearer ${key.json().token}` };
    for (const route of ROUTES) {
      expect((await weft().app.inject({ ...route.request(team), headers: keyHeaders })).statusCode, route.name).toBe(403);
      expect((await weft().app.inject(route.request(team))).statusCode, route.name).toBe(401);
    }
  });

  it('lists my workspaces with my role, the personal one first with my id', async () => {
    const me = await signUp(weft());
    const created = await weft().app.inject({ method: 'POST', url: '/api/workspaces', headers: me.headers, payload: { name: '  Marketing  ' } });
    expect(created.json().workspace).toMatchObject({ name: 'Marketing', kind: 'team', role: 'owner' });
    expect(created.json().workspace.permissions).toContain('workspace.delete');
    const list = await weft().app.inject({ method: 'GET', url: '/api/workspaces', headers: me.headers });
    expect(list.json().workspaces.map((w: { id: string; name: string; kind: string; role: string }) => [w.id, w.name, w.kind, w.role])).toEqual([
      [me.userId, 'Personal', 'personal', 'owner'],
      [created.json().workspace.id, 'Marketing', 'team', 'owner'],
    ]);
  });

  it('keeps the personal workspace: it cannot be deleted, left or shared', async () => {
    const me = await signUp(weft());
    const url = `/api/workspaces/${me.userId}`;
    const remove = await weft().app.inject({ method: 'DELETE', url, headers: me.headers });
    expect([remove.statusCode, remove.json().message]).toEqual([409, 'Your personal workspace cannot be deleted; it goes only with your account.']);
    expect((await weft().app.inject({ method: 'POST', url: `${url}/leave`, headers: me.headers })).statusCode).toBe(409);
    const invite = await weft().app.inject({
      method: 'POST',
      url: `${url}/invitations`,
      headers: me.headers,
      payload: { email: 'a@example.com', role: 'viewer' },
    });
    expect(invite.statusCode).toBe(409);
  });

  it('keeps at least one owner', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    const setRole = (as: SignedIn, userId: string, role: Role) =>
      weft().app.inject({ method: 'PATCH', url: `/api/workspaces/${team.id}/members/${userId}`, headers: as.headers, payload: { role } });

    const demoteSelf = await setRole(users.owner, users.owner.userId, 'admin');
    expect([demoteSelf.statusCode, demoteSelf.json().message]).toEqual([
      409,
      'A workspace keeps at least one owner: make another member an owner first, or delete the workspace.',
    ]);
    const leave = await weft().app.inject({ method: 'POST', url: `/api/workspaces/${team.id}/leave`, headers: users.owner.headers });
    expect(leave.json().message).toBe('You are the last owner: transfer ownership to another member, or delete the workspace.');

    // With a second owner, the first may step down.
    expect((await setRole(users.owner, users.admin.userId, 'owner')).statusCode).toBe(200);
    expect((await setRole(users.owner, users.owner.userId, 'editor')).statusCode).toBe(200);
    expect((await setRole(users.admin, users.admin.userId, 'viewer')).statusCode).toBe(409);
    const members = await weft().app.inject({ method: 'GET', url: `/api/workspaces/${team.id}/members`, headers: users.viewer.headers });
    const roles = Object.fromEntries(members.json().members.map((m: { userId: string; role: string }) => [m.userId, m.role]));
    expect([roles[users.owner.userId], roles[users.admin.userId]]).toEqual(['editor', 'owner']);
  });

  it('lets only one of two owners stepping down at once succeed', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    await weft()
      .services.db.updateTable('workspace_members')
      .set({ role: 'owner' })
      .where('workspace_id', '=', team.id)
      .where('user_id', '=', users.admin.userId)
      .execute();
    const stepDown = (as: SignedIn) =>
      weft().app.inject({ method: 'PATCH', url: `/api/workspaces/${team.id}/members/${as.userId}`, headers: as.headers, payload: { role: 'editor' } });
    const answers = await Promise.all([stepDown(users.owner), stepDown(users.admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await weft()
      .services.db.selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', team.id)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('refuses raising your own role, and an admin making or touching owners', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    const setRole = (as: SignedIn, userId: string, role: Role) =>
      weft().app.inject({ method: 'PATCH', url: `/api/workspaces/${team.id}/members/${userId}`, headers: as.headers, payload: { role } });

    const self = await setRole(users.admin, users.admin.userId, 'owner');
    expect([self.statusCode, self.json().message]).toEqual([403, 'Nobody can raise their own role. Ask an owner.']);
    expect((await setRole(users.editor, users.editor.userId, 'admin')).statusCode).toBe(403);
    expect((await setRole(users.admin, users.editor.userId, 'owner')).statusCode).toBe(403);
    expect((await setRole(users.admin, users.owner.userId, 'viewer')).statusCode).toBe(403);
    const removeOwner = await weft().app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${team.id}/members/${users.owner.userId}`,
      headers: users.admin.headers,
    });
    expect([removeOwner.statusCode, removeOwner.json().message]).toEqual([403, 'Only an owner can remove an owner.']);
    const inviteOwner = await weft().app.inject({
      method: 'POST',
      url: `/api/workspaces/${team.id}/invitations`,
      headers: users.admin.headers,
      payload: { email: 'boss@example.com', role: 'owner' },
    });
    expect(inviteOwner.statusCode).toBe(403);
    // An admin may still promote an editor to admin and lower their own role.
    expect((await setRole(users.admin, users.editor.userId, 'admin')).statusCode).toBe(200);
    expect((await setRole(users.admin, users.admin.userId, 'viewer')).statusCode).toBe(200);
  });

  it('hands ownership over: the new owner owns, the old one stays an admin', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    const res = await weft().app.inject({
      method: 'POST',
      url: `/api/workspaces/${team.id}/transfer`,
      headers: users.owner.headers,
      payload: { userId: users.viewer.userId },
    });
    const roles = Object.fromEntries(res.json().members.map((m: { userId: string; role: string }) => [m.userId, m.role]));
    expect([roles[users.viewer.userId], roles[users.owner.userId]]).toEqual(['owner', 'admin']);
    const toStranger = await weft().app.inject({
      method: 'POST',
      url: `/api/workspaces/${team.id}/transfer`,
      headers: users.viewer.headers,
      payload: { userId: users.outsider.userId },
    });
    expect(toStranger.statusCode).toBe(404);
  });

  it('ends a removed member’s access at once', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    expect(
      (await weft().app.inject({ method: 'DELETE', url: `/api/workspaces/${team.id}/members/${users.editor.userId}`, headers: users.admin.headers }))
        .statusCode,
    ).toBe(204);
    expect((await weft().app.inject({ method: 'GET', url: `/api/workspaces/${team.id}`, headers: users.editor.headers })).statusCode).toBe(404);
    const mine = await weft().app.inject({ method: 'GET', url: '/api/workspaces', headers: users.editor.headers });
    expect(mine.json().workspaces.map((w: { id: string }) => w.id)).toEqual([users.editor.userId]);
  });

  it('refuses deleting the account of a team’s only owner, and deletes the teams it is alone in', async () => {
    const users = await people();
    const team = await newTeam(weft(), users);
    const alone = await weft().app.inject({ method: 'POST', url: '/api/workspaces', headers: users.owner.headers, payload: { name: 'Solo' } });
    const deleteAccount = () => weft().app.inject({ method: 'DELETE', url: '/api/me', headers: users.owner.headers, payload: { password: 'correct horse' } });
    const refused = await deleteAccount();
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'You are the only owner of “Team”. Make another member an owner there, or delete the workspace, before deleting your account.',
    ]);
    await weft().app.inject({
      method: 'POST',
      url: `/api/workspaces/${team.id}/transfer`,
      headers: users.owner.headers,
      payload: { userId: users.admin.userId },
    });
    expect((await deleteAccount()).statusCode).toBe(204);
    const left = await weft()
      .services.db.selectFrom('workspaces')
      .select('id')
      .where('id', 'in', [team.id, alone.json().workspace.id, users.owner.userId])
      .execute();
    expect(left.map((w) => w.id)).toEqual([team.id]);
  });

  it('answers bad input with 400 and a message', async () => {
    const me = await signUp(weft());
    const blank = await weft().app.inject({ method: 'POST', url: '/api/workspaces', headers: me.headers, payload: { name: '   ' } });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'name: Give the workspace a name of 1 to 100 characters']);
    const badRole = await weft().app.inject({
      method: 'PATCH',
      url: `/api/workspaces/${me.userId}/members/${me.userId}`,
      headers: me.headers,
      payload: { role: 'god' },
    });
    expect([badRole.statusCode, badRole.json().message]).toEqual([400, 'role: role must be one of owner, admin, editor, viewer']);
  });
});
