import { afterAll, beforeAll, expect, it } from 'vitest';
import { respondAtSamlPeer, type SamlPeer, type SamlResponseTweaks, startSamlPeer } from '../../test-support/saml-peer.js';
import { describeEachDatabase, signUp, startTestWeft, type TestWeft } from '../../test-support/test-weft.js';

const PUBLIC_URL = 'http://127.0.0.1:4190';
// The mapping names its workspace at start-up; the test makes that team workspace once Weft runs.
const WORKSPACE = 'ws-corp-directory';

describeEachDatabase('SAML group mapping', (database) => {
  let peer: SamlPeer;
  let weft: TestWeft;

  beforeAll(async () => {
    peer = await startSamlPeer();
    weft = await startTestWeft(database, {
      env: { ...peer.env, PUBLIC_URL, WEFT_SAML_GROUP_ROLES: 'weft-admins:admin,weft-editors:editor,weft-viewers:viewer', WEFT_SAML_WORKSPACE: WORKSPACE },
    });
    const owner = await signUp(weft);
    const now = new Date().toISOString();
    await weft.services.db
      .insertInto('workspaces')
      .values({ id: WORKSPACE, name: 'Corp', kind: 'team', personal_user_id: null, created_at: now, updated_at: now })
      .execute();
    await weft.services.db.insertInto('workspace_members').values({ workspace_id: WORKSPACE, user_id: owner.userId, role: 'owner', created_at: now }).execute();
  });
  afterAll(async () => {
    await weft?.close();
    await peer?.close();
  });

  async function signInWithGroups(nameId: string, groups: string[], tweaks: SamlResponseTweaks = {}): Promise<string> {
    const start = await weft.app.inject({ method: 'GET', url: '/api/auth/saml/start' });
    peer.next({ ...tweaks, account: { nameId, email: `${nameId}@corp.test`, groups } });
    const { form } = await respondAtSamlPeer(String(start.headers.location));
    const done = await weft.app.inject({
      method: 'POST',
      url: '/api/auth/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      cookies: { weft_saml: start.cookies.find((c) => c.name === 'weft_saml')?.value ?? '' },
    });
    expect(done.headers.location).toBe('/editor');
    const user = await weft.services.users.findByEmail(`${nameId}@corp.test`);
    if (!user) throw new Error('no user after sign-in');
    return user.id;
  }

  const roleOf = async (userId: string) =>
    (
      await weft.services.db
        .selectFrom('workspace_members')
        .select('role')
        .where('workspace_id', '=', WORKSPACE)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role;

  it('adds the person with the strongest mapped role and follows the directory at each sign-in', async () => {
    const userId = await signInWithGroups('dana', ['weft-viewers', 'unrelated']);
    expect(await roleOf(userId)).toBe('viewer');
    const access = await weft.services.workspaces.access(userId, WORKSPACE);
    expect(access.role).toBe('viewer');

    await signInWithGroups('dana', ['weft-viewers', 'weft-admins']);
    expect(await roleOf(userId)).toBe('admin');
    await signInWithGroups('dana', ['weft-editors']);
    expect(await roleOf(userId)).toBe('editor');
    // In no mapped group: the membership is left as it is (nobody is removed by sign-in).
    await signInWithGroups('dana', []);
    expect(await roleOf(userId)).toBe('editor');
  });

  it('leaves an owner an owner whatever the groups say', async () => {
    const userId = await signInWithGroups('olga', ['weft-editors']);
    await weft.services.db
      .updateTable('workspace_members')
      .set({ role: 'owner' })
      .where('workspace_id', '=', WORKSPACE)
      .where('user_id', '=', userId)
      .execute();
    await signInWithGroups('olga', ['weft-viewers']);
    expect(await roleOf(userId)).toBe('owner');
  });

  it('gives no membership to someone in no mapped group', async () => {
    const userId = await signInWithGroups('nils', ['marketing']);
    expect(await roleOf(userId)).toBeUndefined();
  });
});
