import { describe, expect, it } from 'vitest';
import { RunQueue, type RunTask } from './run-queue.js';

/** A task that records its start and ends when told. */
function task(name: string, log: string[]): { run: RunTask; end(): void } {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    run: () => {
      log.push(name);
      return ended;
    },
    end: () => end(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RunQueue (issue 9, abuse 2)', () => {
  it('keeps one owner under its limit and serves waiting owners round-robin, each in arrival order', async () => {
    const log: string[] = [];
    const queue = new RunQueue(3, 2);
    const a = Array.from({ length: 5 }, (_, i) => task(`a${i}`, log));
    for (const t of a) queue.push(t.run, 'alice');
    // Alice has filled her two slots; the third stays free for someone else.
    expect(log).toEqual(['a0', 'a1']);
    const b = [task('b0', log), task('b1', log)];
    for (const t of b) queue.push(t.run, 'bob');
    expect(log).toEqual(['a0', 'a1', 'b0']);
    expect(queue.size).toEqual({ running: 3, waiting: 4 });
    expect(queue.hasRoomFor('carol')).toBe(false);

    // As slots free, owners take turns: alice's next, then bob's, then alice's.
    a[0]?.end();
    await settle();
    expect(log.at(-1)).toBe('a2');
    b[0]?.end();
    await settle();
    expect(log.at(-1)).toBe('b1');
    a[1]?.end();
    await settle();
    expect(log.at(-1)).toBe('a3');
  });

  it("serves one owner's workflows round-robin: a flood on one webhook does not hold back the others", async () => {
    const log: string[] = [];
    const queue = new RunQueue(1);
    const flood = Array.from({ length: 4 }, (_, i) => task(`hook${i}`, log));
    for (const t of flood) queue.push(t.run, 'alice', 'flooded-workflow');
    const other = task('report', log);
    queue.push(other.run, 'alice', 'daily-report');
    expect(log).toEqual(['hook0']);

    flood[0]?.end();
    await settle();
    // The other workflow's run is next, not behind the three waiting webhook calls.
    expect(log).toEqual(['hook0', 'hook1']);
    flood[1]?.end();
    await settle();
    expect(log).toEqual(['hook0', 'hook1', 'report']);
    other.end();
    await settle();
    expect(log.at(-1)).toBe('hook2');
  });

  it('takes a waiting task out again, and not one that started', async () => {
    const log: string[] = [];
    const queue = new RunQueue(1);
    const first = task('first', log);
    const second = task('second', log);
    queue.push(first.run, 'x');
    queue.push(second.run, 'x');
    expect(queue.remove(first.run)).toBe(false);
    expect(queue.remove(second.run)).toBe(true);
    first.end();
    await settle();
    expect(log).toEqual(['first']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
