import { describe, expect, it } from 'vitest';
import { newId, toEditorEdge, toEditorNode, toWorkflowDocument } from './document-model';

describe('document model', () => {
  it('turns stored nodes and edges into canvas ones and back without losing anything', () => {
    const node = { id: 'a', type: 'custom' as const, position: { x: 1, y: 2 }, data: { label: 'A', type: 'input.text', version: 2, config: { text: 'x' } } };
    const edge = { id: 'e', source: 'a', sourceHandle: 'output', target: 'b', targetHandle: 'in', type: 'custom', data: { type: 'text' as const } };
    const canvasNode = { ...toEditorNode(node), selected: true, measured: { width: 240, height: 100 }, dragging: false };
    expect(canvasNode.data.status).toBe('idle');
    const document = toWorkflowDocument({ name: 'N', nodes: [canvasNode], edges: [{ ...toEditorEdge(edge), selected: true }], globalParameters: {} });
    expect(document).toEqual({
      schemaVersion: 1,
      name: 'N',
      nodes: [{ ...node, data: { ...node.data, status: 'idle' } }],
      edges: [edge],
      globalParameters: {},
    });
  });

  it('keeps an unknown edge type as stored, so the canvas can fall back and the file stays intact', () => {
    expect(toEditorEdge({ id: 'e', source: 'a', sourceHandle: 'o', target: 'b', targetHandle: 'i', type: 'fancy', data: {} }).type).toBe('fancy');
  });

  it('makes distinct prefixed ids', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newId('node')));
    expect(ids.size).toBe(500);
    expect([...ids].every((id) => /^node_[a-z0-9]{12}$/.test(id))).toBe(true);
  });
});
