import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

const item = (owner: string, name: string) => ({ owner, name });

describe('fair queue', () => {
  it('takes turns between owners, each owner in arrival order', () => {
    const queue = new FairQueue<ReturnType<typeof item>>(10);
    for (const entry of [item('a', 'a1'), item('a', 'a2'), item('a', 'a3'), item('b', 'b1'), item('c', 'c1'), item('b', 'b2')]) queue.push(entry);
    const order: string[] = [];
    for (let next = queue.take([]); next; next = queue.take([])) order.push(next.name);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('skips an owner running its share, and gives nothing when every waiting owner is', () => {
    const queue = new FairQueue<ReturnType<typeof item>>(1);
    const running = [item('a', 'a0')];
    queue.push(item('a', 'a1'));
    expect(queue.take(running)).toBeUndefined();
    queue.push(item('b', 'b1'));
    expect(queue.take(running)?.name).toBe('b1');
    expect(queue.take([])?.name).toBe('a1');
  });
});
