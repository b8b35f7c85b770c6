import { expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

describeEachDatabase('workflow presence routes', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });

  const heartbeat = (user: SignedIn | null, workflowId: string, sessionId: string) =>
    weft().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/presence`, headers: user?.headers ?? {}, payload: { sessionId } });
  const leave = (user: SignedIn, workflowId: string, sessionId: string) =>
    weft().app.inject({ method: 'DELETE', url: `/api/workflows/${workflowId}/presence/${sessionId}`, headers: user.headers });
  const viewers = async (user: SignedIn, workflowId: string, sessionId: string) => {
    const res = await heartbeat(user, workflowId, sessionId);
    expect(res.statusCode).toBe(200);
    return res.json().viewers as { sessionId: string; userId: string; name: string; sameUser: boolean; since: string; seenAt: string }[];
  };
  const create = async (user: SignedIn) => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: greetingWorkflow() });
    expect(res.statusCode).toBe(201);
    return res.json().workflow.id as string;
  };
  const rowsOf = async (workflowId: string) =>
    (await weft().services.db.selectFrom('workflow_presence').select('session_id').where('workflow_id', '=', workflowId).orderBy('session_id').execute()).map(
      (row) => row.session_id,
    );

  it('two tabs of the same workflow see each other, each without itself, since their first heartbeat', async () => {
    const user = await signUp(weft(), { displayName: 'Ada Lovelace' });
    const id = await create(user);
    const opened = clock.now().toISOString();
    expect(await viewers(user, id, 'tab-one-aaaa')).toEqual([]);
    clock.advance(5_000);
    expect(await viewers(user, id, 'tab-two-bbbb')).toEqual([
      { sessionId: 'tab-one-aaaa', userId: user.userId, name: 'Ada Lovelace', sameUser: true, since: opened, seenAt: opened },
    ]);
    clock.advance(10_000);
    const fromOne = await viewers(user, id, 'tab-one-aaaa');
    expect(fromOne).toEqual([expect.objectContaining({ sessionId: 'tab-two-bbbb', name: 'Ada Lovelace', sameUser: true })]);
    // The first tab's heartbeat kept its "since" and moved only its "seen".
    const fromTwo = await viewers(user, id, 'tab-two-bbbb');
    expect(fromTwo).toEqual([
      expect.objectContaining({ sessionId: 'tab-one-aaaa', since: opened, seenAt: new Date(Date.parse(opened) + 15_000).toISOString() }),
    ]);
  });

  it('a tab not heard from for 45 s no longer counts and its row is pruned; a leave removes it at once', async () => {
    const user = await signUp(weft());
    const id = await create(user);
    await viewers(user, id, 'quiet-tab-1');
    clock.advance(30_000);
    await viewers(user, id, 'other-tab-2');
    clock.advance(14_999);
    expect((await viewers(user, id, 'other-tab-2')).map((v) => v.sessionId)).toEqual(['quiet-tab-1']);
    clock.advance(1);
    expect(await viewers(user, id, 'other-tab-2')).toEqual([]);
    // Pruning runs at most once a minute per process; a minute on, the quiet tab's row is gone.
    clock.advance(60_000);
    await viewers(user, id, 'third-tab-3');
    expect(await rowsOf(id)).toEqual(['third-tab-3']);

    await viewers(user, id, 'fourth-tab-4');
    const left = await leave(user, id, 'fourth-tab-4');
    expect(left.statusCode).toBe(204);
    expect(await viewers(user, id, 'third-tab-3')).toEqual([]);
  });

  it("another user's workflow answers 404 to a heartbeat and a leave, and lists nobody", async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const id = await create(owner);
    await viewers(owner, id, 'owner-tab-1');
    const res = await heartbeat(other, id, 'snoop-tab-1');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Workflow not found');
    expect((await leave(other, id, 'owner-tab-1')).statusCode).toBe(404);
    expect((await heartbeat(owner, 'no-such-workflow', 'owner-tab-1')).statusCode).toBe(404);
    expect(await rowsOf(id)).toEqual(['owner-tab-1']);
  });

  it('refuses a missing or malformed session id with a message, and no session with 401', async () => {
    const user = await signUp(weft());
    const id = await create(user);
    const missing = await weft().app.inject({ method: 'POST', url: `/api/workflows/${id}/presence`, headers: user.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('sessionId: sessionId is required: a random id for this editor tab');
    const bad = await heartbeat(user, id, 'no spaces!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('sessionId: sessionId must be 8 to 64 letters, digits, "-" or "_"');
    expect((await heartbeat(null, id, 'tab-one-aaaa')).statusCode).toBe(401);
  });
});
