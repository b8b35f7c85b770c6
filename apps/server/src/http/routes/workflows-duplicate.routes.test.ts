import { expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';
import { greetingWorkflow } from '../../test-support/workflow-fixtures.js';

describeEachDatabase('workflow duplicate route', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });

  const create = async (user: SignedIn, name = 'Greeting') => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/workflows', headers: user.headers, payload: greetingWorkflow(name) });
    expect(res.statusCode).toBe(201);
    return res.json().workflow as { id: string; name: string; version: number };
  };
  const duplicate = (user: SignedIn | null, id: string) =>
    weft().app.inject({ method: 'POST', url: `/api/workflows/${id}/duplicate`, headers: user?.headers ?? {} });
  const read = async (user: SignedIn, id: string) => (await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}`, headers: user.headers })).json();

  it('answers 401 without a session', async () => {
    const res = await duplicate(null, 'any-id');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required. Please log in again.');
  });

  it('stores a copy named "<name> (copy)" at version 1 with the same graph, and leaves the original alone', async () => {
    const user = await signUp(weft());
    const original = await create(user);
    // Saved twice, so the copy's version 1 is not simply the original's.
    for (const baseVersion of [1, 2]) {
      const saved = await weft().app.inject({
        method: 'PUT',
        url: `/api/workflows/${original.id}`,
        headers: user.headers,
        payload: { baseVersion, document: greetingWorkflow() },
      });
      expect(saved.statusCode).toBe(200);
    }
    clock.advance(60_000);

    const res = await duplicate(user, original.id);
    expect(res.statusCode).toBe(201);
    const copy = res.json().workflow;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toEqual({
      ...greetingWorkflow('Greeting (copy)'),
      id: copy.id,
      version: 1,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    expect((await read(user, copy.id)).workflow).toEqual(copy);
    expect((await read(user, original.id)).workflow).toMatchObject({ name: 'Greeting', version: 3 });
  });

  it('lists the copy first, without the run history of the original', async () => {
    const user = await signUp(weft());
    const original = await create(user, 'Digest');
    // No run API yet: mark the original as run the way the run issue will.
    await weft()
      .services.db.updateTable('workflows')
      .set({ last_run_status: 'success', last_run_at: clock.now().toISOString() })
      .where('id', '=', original.id)
      .execute();
    clock.advance(1000);
    const copy = (await duplicate(user, original.id)).json().workflow;

    const list = (await weft().app.inject({ method: 'GET', url: '/api/workflows', headers: user.headers })).json().workflows;
    expect(list.map((w: { id: string }) => w.id)).toEqual([copy.id, original.id]);
    expect(list[0]).toMatchObject({ name: 'Digest (copy)', version: 1, nodeCount: 2, lastRunStatus: null, lastRunAt: null });
    expect(list[1]).toMatchObject({ lastRunStatus: 'success' });
  });

  it('copies a copy, and changes to one never reach the other', async () => {
    const user = await signUp(weft());
    const original = await create(user);
    const copy = (await duplicate(user, original.id)).json().workflow;
    const copyOfCopy = (await duplicate(user, copy.id)).json().workflow;
    expect(copyOfCopy.name).toBe('Greeting (copy) (copy)');

    const edited = { ...greetingWorkflow('Greeting (copy)'), nodes: greetingWorkflow().nodes.slice(0, 1), edges: [] };
    const saved = await weft().app.inject({
      method: 'PUT',
      url: `/api/workflows/${copy.id}`,
      headers: user.headers,
      payload: { baseVersion: 1, document: edited },
    });
    expect(saved.statusCode).toBe(200);
    expect((await read(user, original.id)).workflow.nodes).toHaveLength(2);
    expect((await read(user, copyOfCopy.id)).workflow.nodes).toHaveLength(2);
  });

  it('keeps a long name within 200 characters, suffix included', async () => {
    const user = await signUp(weft());
    const original = await create(user, `${'a'.repeat(195)} tail`);
    const res = await duplicate(user, original.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().workflow.name).toBe(`${'a'.repeat(193)} (copy)`);
  });

  it("answers 404 for another user's workflow and for a missing one, and creates nothing", async () => {
    const owner = await signUp(weft());
    const intruder = await signUp(weft());
    const original = await create(owner);
    for (const id of [original.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await duplicate(intruder, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Workflow not found');
    }
    expect(await weft().services.workflows.count(intruder.userId)).toBe(0);
    expect(await weft().services.workflows.count(owner.userId)).toBe(1);
  });
});
