import { describe, expect, it } from 'vitest';
import { systemClock } from '../platform/clock.js';
import { ExecutionsRepository } from '../runs/executions.repository.js';
import { createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { startRun } from '../test-support/run-records.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { signUp } from '../test-support/test-weft.js';
import { ClaimBatcher } from './claim-batcher.js';

/**
 * Issue 24, plan step 3: claims made while one is on its way go together in one UPDATE,
 * and each execution is still claimed once, only while queued.
 */
describe('scale-out: claims grouped in one statement', () => {
  const getCluster = useScaleOutCluster();

  it('claims what is queued in one statement for the claims that came meanwhile, each once, none cancelled', async () => {
    const { api, worker } = getCluster();
    // No worker takes the runs: they stay queued for the claims below.
    worker.abandon();
    const user = await signUp(api);
    const workflowId = await createWorkflow(
      api,
      user,
      workflow('Queued', [node('in', 'input.text', { text: 'hi' }), node('out', 'output')], [edge('in', 'out')]),
    );
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) ids.push((await startRun(api, user, workflowId)).id);
    const cancelled = ids.pop() as string;
    expect(await api.services.runs.cancel(user.userId, cancelled)).toMatchObject({ status: 'cancelled' });

    const repository = new ExecutionsRepository(api.services.db);
    const statements: number[] = [];
    const counted = Object.assign(Object.create(repository) as ExecutionsRepository, {
      claimMany: (batch: readonly string[], runnerId: string, at: string) => {
        statements.push(batch.length);
        return repository.claimMany(batch, runnerId, at);
      },
    });
    const mine = new ClaimBatcher(counted, 'runner-a', systemClock);
    const theirs = new ClaimBatcher(repository, 'runner-b', systemClock);

    const [first, ...rest] = await Promise.all([...ids, cancelled].map((id) => mine.claim(id)));
    // The first went alone; the others came while it was on its way and went as one.
    expect(statements).toEqual([1, ids.length]);
    expect(first).toMatchObject({ id: ids[0], status: 'running' });
    expect(rest.slice(0, -1).map((row) => row?.id)).toEqual(ids.slice(1));
    expect(rest.at(-1)).toBeUndefined();
    // Another worker delivered the same jobs gets none of them.
    expect(await Promise.all(ids.map((id) => theirs.claim(id)))).toEqual(ids.map(() => undefined));
  });
});
