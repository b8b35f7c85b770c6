import { describe, expect, it } from 'vitest';
import { edge } from './engine-test-kit.js';
import { planRunScope } from './run-scope.js';

//   a ──▶ b ──▶ c ──▶ out
//         └──▶ d
const nodeIds = ['a', 'b', 'c', 'd', 'out'];
const edges = [edge('a', 'b'), edge('b', 'c'), edge('c', 'out'), edge('b', 'd')];

describe('planRunScope', () => {
  it('runs everything when nothing is pinned and no node is chosen', () => {
    expect(planRunScope({ nodeIds, edges, pinned: new Set() })).toEqual({ run: nodeIds, pinned: [], reused: [], rerun: [] });
  });

  it('feeds a pinned node its pins and leaves out nodes that only feed it', () => {
    //   b is pinned: a feeds only b, so it is not called for nothing.
    expect(planRunScope({ nodeIds, edges, pinned: new Set(['b']) })).toEqual({ run: ['c', 'd', 'out'], pinned: ['b'], reused: [], rerun: [] });
  });

  it('keeps a node that feeds a pinned node and another one', () => {
    const scope = planRunScope({ nodeIds: ['a', 'p', 'q'], edges: [edge('a', 'p'), edge('a', 'q')], pinned: new Set(['p']) });
    expect(scope).toMatchObject({ run: ['a', 'q'], pinned: ['p'] });
  });

  it('runs a chosen node alone when an earlier run kept what its inputs need', () => {
    const scope = planRunScope({ nodeIds, edges, pinned: new Set(), available: new Set(['a', 'b']), target: { nodeId: 'c', mode: 'node' } });
    expect(scope).toEqual({ run: ['c'], pinned: [], reused: ['b'], rerun: [] });
  });

  it('runs the upstream nodes an earlier run did not keep, and says which', () => {
    const scope = planRunScope({ nodeIds, edges, pinned: new Set(), available: new Set(['a']), target: { nodeId: 'c', mode: 'node' } });
    expect(scope).toEqual({ run: ['b', 'c'], pinned: [], reused: ['a'], rerun: ['b'] });
  });

  it('prefers pins to an earlier run, and runs a chosen node even when it is pinned', () => {
    const scope = planRunScope({ nodeIds, edges, pinned: new Set(['b', 'c']), available: new Set(['a', 'b']), target: { nodeId: 'c', mode: 'node' } });
    expect(scope).toEqual({ run: ['c'], pinned: ['b'], reused: [], rerun: [] });
  });

  it('runs every ancestor again up to the chosen node, pins aside, and nothing downstream', () => {
    expect(planRunScope({ nodeIds, edges, pinned: new Set(), available: new Set(nodeIds), target: { nodeId: 'c', mode: 'up-to' } })).toEqual({
      run: ['a', 'b', 'c'],
      pinned: [],
      reused: [],
      rerun: [],
    });
    expect(planRunScope({ nodeIds, edges, pinned: new Set(['a']), target: { nodeId: 'c', mode: 'up-to' } })).toMatchObject({ run: ['b', 'c'], pinned: ['a'] });
  });

  it('runs nothing for a node that is not in the workflow', () => {
    expect(planRunScope({ nodeIds, edges, pinned: new Set(), target: { nodeId: 'gone', mode: 'node' } }).run).toEqual([]);
  });
});
