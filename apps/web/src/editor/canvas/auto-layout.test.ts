import { describe, expect, it } from 'vitest';
import type { EditorEdge, EditorNode } from '../store/types';
import { autoLayout } from './auto-layout';

const node = (id: string): EditorNode => ({ id, type: 'custom', position: { x: 0, y: 0 }, data: { label: id, type: 't', config: {}, status: 'idle' } });
const edge = (source: string, target: string): EditorEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle: 'o',
  targetHandle: 'i',
  type: 'custom',
  data: {},
});

describe('auto-layout', () => {
  //   a ──▶ b ──▶ d
  //   └───▶ c ──┘
  const nodes = ['a', 'b', 'c', 'd'].map(node);
  const edges = [edge('a', 'b'), edge('a', 'c'), edge('b', 'd'), edge('c', 'd')];
  const positions = autoLayout(nodes, edges);
  const at = (id: string) => positions.get(id) ?? { x: Number.NaN, y: Number.NaN };

  it('places every node, left to right along the edges', () => {
    expect(positions.size).toBe(4);
    expect(at('a').x).toBeLessThan(at('b').x);
    expect(at('b').x).toBe(at('c').x);
    expect(at('c').x).toBeLessThan(at('d').x);
  });

  it('stacks parallel nodes without overlap', () => {
    expect(Math.abs(at('b').y - at('c').y)).toBeGreaterThanOrEqual(110);
  });

  it('snaps to the 15 px grid', () => {
    for (const p of positions.values()) {
      expect(Math.abs(p.x % 15)).toBe(0);
      expect(Math.abs(p.y % 15)).toBe(0);
    }
  });
});

describe('auto-layout of cards not drawn yet (a template)', () => {
  //   src ─▶ out        two Outputs stacked in one rank: each keeps room for its value
  //      └─▶ out2
  const output = (id: string): EditorNode => ({ ...node(id), data: { label: id, type: 'output', config: {}, status: 'idle' } });
  const positions = autoLayout([node('src'), output('out'), output('out2')], [edge('src', 'out'), edge('src', 'out2')]);

  it('leaves room under each for its result, an Output’s few lines', () => {
    const [a, b] = [positions.get('out')?.y ?? 0, positions.get('out2')?.y ?? 0].sort((x, y) => x - y);
    // 110 (estimated card) + 90 (its value) + the gap between nodes
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(110 + 90 + 40 - 15);
  });
});
