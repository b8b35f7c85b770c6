import { describe, expect, it } from 'vitest';
import { findCycle, type GraphEdge } from './find-cycle.js';

/** Edges written as `id: a->b`, one per string. */
function edges(...specs: string[]): GraphEdge[] {
  return specs.map((spec) => {
    const [id, link] = spec.split(': ') as [string, string];
    const [source, target] = link.split('->') as [string, string];
    return { id, source, target };
  });
}

describe('findCycle', () => {
  it.each([
    // a ──► b ──► c
    ['a chain', ['a', 'b', 'c'], edges('e1: a->b', 'e2: b->c')],
    //   ┌─► b ─┐
    // a ┤      ├─► d
    //   └─► c ─┘
    ['a diamond', ['a', 'b', 'c', 'd'], edges('e1: a->b', 'e2: a->c', 'e3: b->d', 'e4: c->d')],
    // a   b   (no edges)
    ['isolated nodes', ['a', 'b'], []],
    // a ──► ghost: the edge leads nowhere, so it cannot close a loop
    ['an edge to a missing node', ['a'], edges('e1: a->ghost', 'e2: ghost->a')],
  ])('finds none in %s', (_title, nodes, graph) => {
    expect(findCycle(nodes, graph)).toBeUndefined();
  });

  it('reports the edge that closes a loop and the path around it', () => {
    // a ──► b ──► c
    //       ▲     │
    //       └─────┘ e3
    const cycle = findCycle(['a', 'b', 'c'], edges('e1: a->b', 'e2: b->c', 'e3: c->b'));
    expect(cycle).toEqual({ edgeId: 'e3', path: ['b', 'c', 'b'] });
  });

  it('reports a node wired to itself', () => {
    // a ──► a
    expect(findCycle(['a'], edges('self: a->a'))).toEqual({ edgeId: 'self', path: ['a', 'a'] });
  });

  it('finds a loop in a later component, after an acyclic one', () => {
    // a ──► b      x ──► y ──► z
    //              ▲           │
    //              └───────────┘ back
    const cycle = findCycle(['a', 'b', 'x', 'y', 'z'], edges('e1: a->b', 'e2: x->y', 'e3: y->z', 'back: z->x'));
    expect(cycle).toEqual({ edgeId: 'back', path: ['x', 'y', 'z', 'x'] });
  });

  it('walks a long chain without overflowing the call stack', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `n${i}`);
    const chain = ids.slice(1).map((id, i) => ({ id: `e${i}`, source: ids[i] as string, target: id }));
    expect(findCycle(ids, chain)).toBeUndefined();
    const loop = findCycle(ids, [...chain, { id: 'back', source: 'n49999', target: 'n0' }]);
    expect(loop?.edgeId).toBe('back');
    expect(loop?.path).toHaveLength(50_001);
  });
});
