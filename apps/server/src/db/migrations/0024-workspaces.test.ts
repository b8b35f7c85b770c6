import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { IdentitiesService } from '../../accounts/identities.service.js';
import { describeEachDatabase, signUp, uniqueEmail, useTestWeft } from '../../test-support/test-weft.js';
import { down, up } from './0024-workspaces.js';

describeEachDatabase('migration 0024: workspaces', (database) => {
  const weft = useTestWeft(database);

  const personal = (userId: string) =>
    weft()
      .services.db.selectFrom('workspaces')
      .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
      .select(['workspaces.id', 'workspaces.name', 'workspaces.kind', 'workspaces.personal_user_id', 'workspace_members.user_id', 'workspace_members.role'])
      .where('workspaces.personal_user_id', '=', userId)
      .execute();

  it('gives every account made before it a personal workspace with its id, owned by it', async () => {
    const ada = await signUp(weft());
    const bob = await signUp(weft());
    const db = weft().services.db;

    // Back to a database from before the migration (its accounts have no workspaces), then forward again.
    await down(db as Kysely<unknown>);
    await up(db as Kysely<unknown>);

    for (const user of [ada, bob]) {
      expect(await personal(user.userId)).toEqual([
        { id: user.userId, name: 'Personal', kind: 'personal', personal_user_id: user.userId, user_id: user.userId, role: 'owner' },
      ]);
    }
    const res = await weft().app.inject({ method: 'GET', url: '/api/workspaces', headers: ada.headers });
    expect(res.json().workspaces).toEqual([{ id: ada.userId, name: 'Personal', kind: 'personal', role: 'owner', createdAt: expect.any(String) }]);
  });

  it('gives a new account its personal workspace at sign-up, by password and by OIDC', async () => {
    const byPassword = await signUp(weft());
    expect(await personal(byPassword.userId)).toHaveLength(1);

    const { users, clock } = weft().services;
    const identities = new IdentitiesService(weft().services.db, users, clock);
    const email = uniqueEmail('oidc');
    const resolved = await identities.resolve({ provider: 'https://idp.example.com', subject: email, email, emailVerified: true, name: 'Oi' });
    if (!resolved.ok) throw new Error(resolved.reason);
    expect(await personal(resolved.user.id)).toEqual([
      { id: resolved.user.id, name: 'Personal', kind: 'personal', personal_user_id: resolved.user.id, user_id: resolved.user.id, role: 'owner' },
    ]);
  });

  it('deletes the personal workspace with the account, and makes none for a taken address', async () => {
    const user = await signUp(weft());
    expect(await weft().services.users.create({ email: user.email, displayName: null, passwordHash: null })).toBeUndefined();
    await weft().services.users.delete(user.userId);
    expect(await weft().services.db.selectFrom('workspaces').select('id').where('id', '=', user.userId).execute()).toEqual([]);
  });
});
