import { describe, expect, it } from 'vitest';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Issue 9, abuse 2: one user's pile of slow runs used to make everyone else's wait behind it
 * (another user's trivial run took 18 s). A user may fill only part of the run slots, and
 * waiting runs are served round-robin between users.
 */
describe("one user's runs do not starve another's", () => {
  const held = gates();
  const weft = useTestWeft('sqlite', {
    env: { WEFT_RUN_CONCURRENCY: '2', WEFT_RUN_CONCURRENCY_PER_USER: '1', WEFT_SCHEDULER: 'off' },
    runDependencies: withNodeTypes(gateNodeType(held)),
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
