import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, edge, flakyExecutor, harness, node } from './engine-test-kit.js';
import { executeWorkflow } from './execute.js';
import { initialRunState, reduceRun } from './run-state.js';

const pass = async ({ inputs }: { inputs: Readonly<Record<string, unknown>> }) => ({ outputs: { out: inputs.in } });

afterEach(() => {
  vi.useRealTimers();
});

describe('executeWorkflow', () => {
  it('runs a chain in order and passes values along', async () => {
    //   a ──▶ b ──▶ out
    const h = harness(
      [node('a', 'source'), node('b', 'upper'), node('out', 'output')],
      [edge('a', 'b'), edge('b', 'out')],
      {
        source: () => ({ outputs: { out: 'hello' } }),
        upper: ({ inputs }) => ({ outputs: { out: String(inputs.in).toUpperCase() } }),
        output: () => ({ outputs: {} }),
      },
      { isOutputNode: (n) => n.type === 'output' },
    );
    const result = await executeWorkflow(h.options);
    expect(result).toEqual({ status: 'success', outputs: { out: 'HELLO' } });
    expect(h.types('b')).toEqual(['node:queued', 'node:started', 'node:finished']);
    expect(h.events[0]?.type).toBe('run:started');
    expect(h.events.at(-1)?.type).toBe('run:finished');
    expect(h.events.every((e) => e.runId === 'run-1')).toBe(true);
  });

  it('runs a node once, when all its inputs are ready', async () => {
    //        ┌──▶ b ──┐
    //   a ───┤        ├──▶ d
    //        └──▶ c ──┘
    const seen: unknown[] = [];
    const h = harness(
      [node('a', 'source'), node('b'), node('c'), node('d', 'join')],
      [edge('a', 'b'), edge('a', 'c'), edge('b', 'd', 'out', 'left'), edge('c', 'd', 'out', 'right')],
      {
        source: () => ({ outputs: { out: 1 } }),
        pass,
        join: ({ inputs }) => {
          seen.push(inputs);
          return { outputs: {} };
        },
      },
    );
    await executeWorkflow(h.options);
    expect(seen).toEqual([{ left: 1, right: 1 }]);
  });

  it('runs independent branches concurrently, never more than the limit', async () => {
    const gates = Array.from({ length: 5 }, () => deferred<void>());
    let inFlight = 0;
    let peak = 0;
    const h = harness(
      gates.map((_, i) => node(`n${i}`, `slow${i}`)),
      [],
      Object.fromEntries(
        gates.map((gate, i) => [
          `slow${i}`,
          async () => {
            inFlight++;
            peak = Math.max(peak, inFlight);
            await gate.promise;
            inFlight--;
            return { outputs: {} };
          },
        ]),
      ),
      { concurrency: 2 },
    );
    const run = executeWorkflow(h.options);
    for (const gate of gates) {
      await Promise.resolve();
      gate.resolve();
      await new Promise((r) => setImmediate(r));
    }
    expect((await run).status).toBe('success');
    expect(peak).toBe(2);
  });

  it('skips the branch a condition does not take, and everything after it', async () => {
    //               ┌─true──▶ yes ──┐
    //   cond ───────┤               ├──▶ merge (optional inputs) ──▶ out
    //               └─false─▶ no ───┘        no ──▶ after
    const h = harness(
      [node('cond', 'condition'), node('yes'), node('no'), node('after'), node('merge', 'merge'), node('out', 'output')],
      [
        edge('cond', 'yes', 'true'),
        edge('cond', 'no', 'false'),
        edge('no', 'after'),
        edge('yes', 'merge', 'out', 'input-0'),
        edge('no', 'merge', 'out', 'input-1'),
        edge('merge', 'out'),
      ],
      {
        condition: () => ({ outputs: { true: 'kept' } }),
        pass,
        merge: ({ inputs }) => ({ outputs: { out: Object.values(inputs) } }),
        output: () => ({ outputs: {} }),
      },
      { isOptionalInput: (n) => n.type === 'merge', isOutputNode: (n) => n.type === 'output' },
    );
    const result = await executeWorkflow(h.options);
    expect(result).toEqual({ status: 'success', outputs: { out: ['kept'] } });
    expect(h.statusOf('no')).toBe('node:skipped');
    expect(h.statusOf('after')).toBe('node:skipped');
    expect(h.statusOf('merge')).toBe('node:finished');
  });

  it('skips a node whose required input was not reached even if another input was', async () => {
    const h = harness(
      [node('cond', 'condition'), node('src', 'source'), node('join', 'join')],
      [edge('cond', 'join', 'false', 'a'), edge('src', 'join', 'out', 'b')],
      { condition: () => ({ outputs: { true: 1 } }), source: () => ({ outputs: { out: 2 } }), join: () => ({ outputs: {} }) },
    );
    await executeWorkflow(h.options);
    expect(h.events.find((e) => e.type === 'node:skipped' && e.nodeId === 'join')).toMatchObject({ reason: 'Input "a" was not reached' });
  });

  it('names a failed node by its label in the run error when it has one', async () => {
    const h = harness([{ ...node('n1', 'boom'), label: 'Fetch prices' }], [], {
      boom: () => {
        throw new Error('kaput');
      },
    });
    expect(await executeWorkflow(h.options)).toMatchObject({ status: 'error', error: 'Fetch prices: kaput' });
  });

  it('fails the run on the first error and starts nothing after it', async () => {
    //   bad ──▶ after        other (independent, queued behind bad with concurrency 1)
    const ran: string[] = [];
    const h = harness(
      [node('bad', 'boom'), node('after'), node('other', 'track')],
      [edge('bad', 'after')],
      {
        boom: () => {
          throw new Error('kaput');
        },
        pass,
        track: () => {
          ran.push('other');
          return { outputs: {} };
        },
      },
      { concurrency: 1 },
    );
    const result = await executeWorkflow(h.options);
    expect(result).toMatchObject({ status: 'error', error: 'bad: kaput' });
    expect(h.events.find((e) => e.type === 'node:failed')).toMatchObject({ nodeId: 'bad', error: 'kaput' });
    expect(h.statusOf('after')).toBe('node:skipped');
    expect(ran).toEqual([]);
  });

  it('fails a node whose type has no implementation', async () => {
    const h = harness([node('x', 'mystery')], [], {});
    expect(await executeWorkflow(h.options)).toMatchObject({ status: 'error', error: 'x: No implementation for node type "mystery"' });
  });

  it('retries with exponential backoff, then succeeds', async () => {
    vi.useFakeTimers();
    const flaky = flakyExecutor(2, 'try');
    const h = harness([node('flaky', 'flaky')], [], { flaky: flaky.run }, { policy: () => ({ timeoutMs: 10_000, retries: 2, backoffMs: 100 }) });
    const run = executeWorkflow(h.options);
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(200);
    expect((await run).status).toBe('success');
    expect(h.events.filter((e) => e.type === 'node:retrying').map((e) => 'delayMs' in e && e.delayMs)).toEqual([100, 200]);
    expect(flaky.calls()).toBe(3);
  });

  it('gives up after the last retry', async () => {
    vi.useFakeTimers();
    const h = harness(
      [node('bad', 'boom')],
      [],
      { boom: () => Promise.reject(new Error('still broken')) },
      { policy: () => ({ timeoutMs: 1000, retries: 1, backoffMs: 10 }) },
    );
    const run = executeWorkflow(h.options);
    await vi.advanceTimersByTimeAsync(10);
    expect(await run).toMatchObject({ status: 'error', error: 'bad: still broken' });
  });

  it('times out a node and aborts its signal', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const h = harness(
      [node('hang', 'hang')],
      [],
      {
        hang: ({ ctx }) => {
          signal = ctx.signal;
          return new Promise(() => {});
        },
      },
      { policy: () => ({ timeoutMs: 50, retries: 0, backoffMs: 0 }) },
    );
    const run = executeWorkflow(h.options);
    await vi.advanceTimersByTimeAsync(50);
    expect(await run).toMatchObject({ status: 'error', error: expect.stringContaining('hang: Timed out after 50 ms') });
    expect(signal?.aborted).toBe(true);
  });

  it('cancels: running nodes are aborted, the rest skipped, the run cancelled', async () => {
    const cancel = new AbortController();
    let signal: AbortSignal | undefined;
    const started = deferred<void>();
    const h = harness(
      [node('slow', 'slow'), node('next')],
      [edge('slow', 'next')],
      {
        slow: ({ ctx }) => {
          signal = ctx.signal;
          started.resolve();
          return new Promise(() => {});
        },
        pass,
      },
      { signal: cancel.signal },
    );
    const run = executeWorkflow(h.options);
    await started.promise;
    cancel.abort();
    expect(await run).toMatchObject({ status: 'cancelled', error: 'Run cancelled' });
    expect(signal?.aborted).toBe(true);
    expect(h.events.find((e) => e.type === 'node:failed')).toMatchObject({ nodeId: 'slow', error: 'Cancelled' });
    expect(h.events.find((e) => e.type === 'node:skipped')).toMatchObject({ nodeId: 'next', reason: 'Run cancelled' });
  });

  it('hands run inputs, logs and streamed tokens through the context', async () => {
    const h = harness(
      [node('in', 'ask')],
      [],
      {
        ask: ({ ctx }) => {
          ctx.log(`got ${String(ctx.runInput)}`);
          ctx.emitToken('he');
          ctx.emitToken('llo');
          return { outputs: { out: ctx.runInput } };
        },
      },
      { runInputs: { in: 'typed at run' } },
    );
    await executeWorkflow(h.options);
    const state = h.events.reduce(reduceRun, initialRunState('run-1'));
    expect(state.status).toBe('success');
    expect(state.nodes.in).toMatchObject({ status: 'success', streamed: 'hello', outputs: { out: 'typed at run' } });
    expect(state.logs.map((l) => l.message)).toEqual(['Run started', 'got typed at run', 'Run succeeded']);
  });

  it('walks a chain of 10,000 nodes without exhausting the stack', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `n${i}`);
    const h = harness(
      ids.map((id) => node(id)),
      ids.slice(1).map((id, i) => edge(ids[i] as string, id)),
      { pass },
      { now: () => 0 },
    );
    const result = await executeWorkflow(h.options);
    expect(result.status).toBe('success');
    expect(h.events.filter((e) => e.type === 'node:finished')).toHaveLength(10_000);
  });
});
