import { describe, expect, it } from 'vitest';
import { copyNodes, pasteNodes } from './clipboard';
import type { EditorEdge, EditorNode } from './types';

const node = (id: string, x = 0): EditorNode => ({
  id,
  type: 'custom',
  position: { x, y: 0 },
  data: { label: id, type: 't', config: { a: [1] }, status: 'idle' },
});
const edge = (id: string, source: string, target: string): EditorEdge => ({
  id,
  source,
  target,
  sourceHandle: 'out',
  targetHandle: 'in',
  type: 'custom',
  data: { type: 'text' },
});

describe('copy and paste', () => {
  const nodes = [node('a'), node('b', 100), node('c', 200)];
  const edges = [edge('ab', 'a', 'b'), edge('bc', 'b', 'c')];

  it('copies the chosen nodes with only the edges between them', () => {
    const content = copyNodes(nodes, edges, new Set(['a', 'b']));
    expect(content?.nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(content?.edges.map((e) => e.id)).toEqual(['ab']);
    expect(copyNodes(nodes, edges, new Set())).toBeNull();
  });

  it('pastes with new ids, an offset, re-pointed edges and a deep-copied config', () => {
    const content = copyNodes(nodes, edges, new Set(['a', 'b']));
    if (!content) throw new Error('nothing copied');
    let n = 0;
    const pasted = pasteNodes(content, { x: 40, y: 40 }, (prefix) => `${prefix}${++n}`);
    expect(pasted.nodes.map((p) => [p.id, p.position.x, p.position.y, p.selected])).toEqual([
      ['node1', 40, 40, true],
      ['node2', 140, 40, true],
    ]);
    expect(pasted.edges).toEqual([expect.objectContaining({ id: 'edge3', source: 'node1', target: 'node2', sourceHandle: 'out', targetHandle: 'in' })]);
    expect(pasted.nodes[0]?.data.config).toEqual({ a: [1] });
    expect(pasted.nodes[0]?.data.config.a).not.toBe(nodes[0]?.data.config.a);
  });
});
