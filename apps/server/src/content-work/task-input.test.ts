import { describe, expect, it } from 'vitest';
import { TaskInput } from './task-input.js';

describe('a task input in the worker', () => {
  it('gives items as their batches arrive, and ends after the last batch', async () => {
    const input = new TaskInput(3);
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const item of input.items()) seen.push(item);
    })();
    input.add(['a', 'b']);
    await new Promise((resolve) => setImmediate(resolve));
    // Taken before the rest was sent: a split starts on the first texts.
    expect(seen).toEqual(['a', 'b']);
    input.add([]);
    input.add(['c']);
    await reading;
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('gives all of it once the last batch is in, and nothing to wait for with no input', async () => {
    const input = new TaskInput(2);
    const all = input.all();
    input.add([1]);
    input.add([2, 3]);
    expect(await all).toEqual([1, 2, 3]);
    expect(await new TaskInput(0).all()).toEqual([]);
  });
});
