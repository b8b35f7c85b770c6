import { describe, expect, it } from 'vitest';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { startRun } from '../test-support/run-records.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Issue 9, abuse 2: one user's pile of slow runs used to make everyone else's wait behind it
 * (another user's trivial run took 18 s). A user may fill only part of the run slots, and
 * waiting runs are served round-robin between users.
 */
describe("one user's runs do not starve another's", () => {
  const held = gates();
  const weft = useTestWeft('sqlite', {
    env: { WEFT_RUN_CONCURRENCY: '2', WEFT_RUN_CONCURRENCY_PER_USER: '1', WEFT_SCHEDULER: 'off' },
    ...withNodeTypes(gateNodeType(held)),
  });

  it("runs another user's workflow at once while the first user's wait their turn", async () => {
    const alice = await signUp(weft());
    const bob = await signUp(weft());
    const slow = await insertWorkflow(
      weft(),
      alice.userId,
      workflow('Slow', [node('g', GATE_NODE_TYPE, { gate: 'alice' }), node('out', 'output')], [edge('g', 'out')]),
    );
    const quick = await insertWorkflow(
      weft(),
      bob.userId,
      workflow('Quick', [node('in', 'input.text', { text: 'hi' }), node('out', 'output')], [edge('in', 'out')]),
    );

    const started = [];
    for (let i = 0; i < 3; i++) {
      const answer = await weft().app.inject({ method: 'POST', url: `/api/workflows/${slow}/run`, headers: alice.headers, payload: {} });
      started.push(answer.json().execution as { id: string; status: string });
    }
    // Alice holds one of the two slots; her others wait although a slot is free.
    expect(started.map((e) => e.status)).toEqual(['running', 'queued', 'queued']);
    await held.named('alice').entered;

    const bobs = await weft().app.inject({ method: 'POST', url: `/api/workflows/${quick}/run?wait=true`, headers: bob.headers, payload: {} });
    expect(bobs.statusCode).toBe(200);
    expect(bobs.json().execution).toMatchObject({ status: 'success', outputs: { out: 'hi' } });
    // Alice's are still where they were.
    const second = await weft().app.inject({ method: 'GET', url: `/api/executions/${started[1]?.id}`, headers: alice.headers });
    expect(second.json().execution.status).toBe('queued');

    held.named('alice').open();
    for (const each of started) expect((await weft().services.runs.waitFor(each.id, 10_000)).status).toBe('success');
  });
});

/**
 * Issue 19: with one user's every-second schedules keeping the sandbox workers busy, another
 * user's trivial Code run waited up to 28 s. Turns were fair, but a call cannot be interrupted:
 * Alice's scripts held both workers and Bob, first in line, waited for one to end. Now one
 * user holds at most WEFT_SANDBOX_WORKERS_PER_USER of them (1 of 2 by default).
 */
describe("one user's endless scripts leave a sandbox worker for another user", () => {
  // The defaults: two workers, one of them per user. Alice's scripts may run 30 s each.
  const weft = useTestWeft('sqlite', { env: { WEFT_SANDBOX_WORKERS: '2', WEFT_SCHEDULER: 'off' } });
  const code = (name: string, source: string) =>
    workflow(name, [node('code', 'code.javascript', { code: source, timeoutMs: 30_000 }), node('out', 'output')], [edge('code', 'out')]);

  it("runs Bob's Code node while Alice's three endless ones are all still going", async () => {
    const alice = await signUp(weft());
    const bob = await signUp(weft());
    const endless = await insertWorkflow(weft(), alice.userId, code('Endless', 'console.log("looping"); while (true) {}'));
    const quick = await insertWorkflow(weft(), bob.userId, code('Quick', 'return 42'));
    const runQuick = async () => {
      const answer = await weft().app.inject({ method: 'POST', url: `/api/workflows/${quick}/run?wait=true`, headers: bob.headers, payload: {} });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().execution as { status: string; outputs: Record<string, unknown> };
    };
    // Both workers up, as on a server that has been running Code for a while, and Bob has used
    // the sandbox before: he is not first in line for never having been served.
    weft().services.sandbox.warmUp();
    await expect.poll(() => weft().services.sandbox.readyWorkers, { timeout: 20_000 }).toBe(2);
    expect(await runQuick()).toMatchObject({ status: 'success', outputs: { out: 42 } });

    const started: string[] = [];
    const isLooping = async (id: string) => (await weft().services.runs.get(alice.userId, id))?.nodes.code?.logs.some((l) => l.message === 'looping');
    for (let i = 0; i < 3; i++) {
      const answer = await weft().app.inject({ method: 'POST', url: `/api/workflows/${endless}/run`, headers: alice.headers, payload: {} });
      const id = answer.json().execution.id as string;
      started.push(id);
      // Her first holds a worker before the others arrive; they would take the other one.
      if (i === 0) await expect.poll(() => isLooping(id), { timeout: 20_000 }).toBe(true);
    }

    expect(await runQuick()).toMatchObject({ status: 'success', outputs: { out: 42 } });
    // None of Alice's has ended (each would take 30 s to time out): Bob did not wait for them.
    const statuses = await Promise.all(started.map(async (id) => (await weft().services.runs.get(alice.userId, id))?.status));
    expect(statuses).toEqual(['running', 'running', 'running']);
    expect(await Promise.all(started.map(isLooping))).toEqual([true, false, false]);

    for (const id of started) await weft().services.runs.cancel(alice.userId, id);
    for (const id of started) expect((await weft().services.runs.waitFor(id, 20_000)).status).toBe('cancelled');
  });
});

/** The same across a scale-out cluster: BullMQ alone hands jobs out first come, first served. */
describe("scale-out: one user's burst does not hold another's runs back", () => {
  const held = gates();
  const getCluster = useScaleOutCluster({ ...withNodeTypes(gateNodeType(held)), env: { WEFT_RUN_CONCURRENCY: '1' } });

  it("serves waiting runs by each user's turn, not by arrival", async () => {
    const { api } = getCluster();
    const alice = await signUp(api);
    const bob = await signUp(api);
    const order: string[] = [];
    const names = ['a0', 'a1', 'a2', 'a3', 'b0'];
    // Each run, once it is in, is let through: the worker (one slot) then takes the next job.
    for (const name of names) {
      void held.named(name).entered.then(() => {
        order.push(name);
        held.named(name).open();
      });
    }
    const start = async (user: SignedIn, gate: string) => {
      const workflowId = await insertWorkflow(
        api,
        user.userId,
        workflow(gate, [node('g', GATE_NODE_TYPE, { gate }), node('out', 'output')], [edge('g', 'out')]),
      );
      return (await startRun(api, user, workflowId)).id;
    };
    // A run of Alice's holds the worker (one slot) until the others are queued behind it.
    const ids: string[] = [];
    const blocker = await insertWorkflow(
      api,
      alice.userId,
      workflow('hold', [node('g', GATE_NODE_TYPE, { gate: 'hold' }), node('out', 'output')], [edge('g', 'out')]),
    );
    const holding = await api.app.inject({ method: 'POST', url: `/api/workflows/${blocker}/run`, headers: alice.headers, payload: {} });
    expect(holding.statusCode).toBe(202);
    await held.named('hold').entered;
    for (const name of ['a0', 'a1', 'a2', 'a3']) ids.push(await start(alice, name));
    ids.push(await start(bob, 'b0'));
    held.named('hold').open();

    for (const id of ids) expect((await api.services.runs.waitFor(id, 10_000)).status).toBe('success');
    // Alice had four waiting when Bob's one came: his goes out in the first round with her first.
    expect(order).toEqual(['a0', 'b0', 'a1', 'a2', 'a3']);
  });
});
