import { describe, expect, it } from 'vitest';
import { edge, harness, node } from './engine-test-kit.js';
import { executeWorkflow } from './execute.js';
import { initialRunState, reduceRun } from './run-state.js';
import { NodeWaiting } from './types.js';

const pass = async ({ inputs }: { inputs: Readonly<Record<string, unknown>> }) => ({ outputs: { out: inputs.in ?? 'x' } });

describe('a node that waits for a person (NodeWaiting)', () => {
  it('ends the run waiting: the nodes after it wait too, another branch finishes, nothing is skipped or retried', async () => {
    //        ┌──▶ ask ──▶ after
    //   a ───┤
    //        └──▶ side
    let asked = 0;
    const h = harness(
      [node('a'), node('ask', 'ask'), node('after'), node('side')],
      [edge('a', 'ask'), edge('ask', 'after'), edge('a', 'side')],
      {
        pass,
        ask: () => {
          asked += 1;
          throw new NodeWaiting('Waiting for approval of refund');
        },
      },
      { policy: () => ({ timeoutMs: 1000, retries: 3, backoffMs: 1 }) },
    );
    const result = await executeWorkflow(h.options);
    expect(result).toEqual({ status: 'waiting', outputs: {} });
    expect(asked).toBe(1);
    expect(h.types('ask')).toEqual(['node:queued', 'node:started', 'node:waiting']);
    expect(h.types('after')).toEqual([]);
    expect(h.statusOf('side')).toBe('node:finished');
    expect(h.events.at(-1)).toMatchObject({ type: 'run:finished', status: 'waiting' });

    const state = h.events.reduce(reduceRun, initialRunState('run-1'));
    expect(state.status).toBe('waiting');
    expect(state.nodes.ask?.status).toBe('waiting');
    expect(state.nodes.after?.status).toBe('idle');
    expect(state.logs.map((line) => line.message)).toContain('Waiting for approval of refund');
    // The host's resume turns the run back to running.
    const resumed = reduceRun(state, { type: 'run:resumed', runId: 'run-1', at: 5_000, reason: 'Run resumed: refund approved by ada' });
    expect(resumed.status).toBe('running');
    expect(resumed.finishedAt).toBeUndefined();
  });

  it('loses to a failure elsewhere: the run fails and the waiting node is skipped', async () => {
    const h = harness([node('ask', 'ask'), node('bad', 'bad')], [], {
      ask: () => {
        throw new NodeWaiting('Waiting');
      },
      bad: () => {
        throw new Error('broken');
      },
    });
    const result = await executeWorkflow(h.options);
    expect(result.status).toBe('error');
    expect(h.types('ask')).toContain('node:skipped');
  });
});
