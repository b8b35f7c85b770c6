import { describe, expect, it } from 'vitest';
import { node, storeWith } from './store-test-helpers';

const link = (source: string, target: string, sourceHandle = 'out', targetHandle = 'in') => ({ source, sourceHandle, target, targetHandle });

describe('connecting (SPEC.md sections 4 and 5, through planConnection)', () => {
  it('joins matching types with one typed edge', () => {
    const store = storeWith({ nodes: [node('t', 'input.text'), node('s', 'test.sink.text', 400)] });
    expect(store.getState().connect(link('t', 's', 'output'))).toEqual({ ok: true, inserted: [] });
    expect(store.getState().edges).toEqual([expect.objectContaining({ source: 't', target: 's', type: 'custom', data: { type: 'text' } })]);
    expect(store.getState().hasUnsavedChanges).toBe(true);
  });

  it('inserts an Extract Text converter between documents and text, moving the sink to make room', () => {
    const store = storeWith({ nodes: [node('d', 'test.source.documents'), node('s', 'test.sink.text', 400)] });
    const result = store.getState().connect(link('d', 's'));
    const converter = store.getState().nodes.find((n) => n.data.type === 'convert');
    expect(result).toEqual({ ok: true, inserted: [{ kind: 'converter', nodeId: converter?.id, label: 'Extract Text', detail: 'documents → text' }] });
    expect(converter).toMatchObject({
      type: 'custom',
      position: { x: 300, y: 0 },
      data: { label: 'Extract Text', status: 'idle', config: { sourceType: 'documents', targetType: 'text' } },
    });
    expect(store.getState().nodes.find((n) => n.id === 's')?.position).toEqual({ x: 610, y: 0 });
    expect(store.getState().edges.map((e) => [e.source, e.target, e.data.type])).toEqual([
      ['d', converter?.id, 'documents'],
      [converter?.id, 's', 'text'],
    ]);
    // The converter and the room it took are one undo step.
    store.getState().undo();
    expect(store.getState().nodes.map((n) => [n.id, n.position.x])).toEqual([
      ['d', 0],
      ['s', 400],
    ]);
  });

  it('inserts a merger when the input is already connected', () => {
    const store = storeWith({ nodes: [node('a', 'input.text'), node('b', 'input.text', 0, 200), node('s', 'test.sink.text', 400)] });
    store.getState().connect(link('a', 's', 'output'));
    const result = store.getState().connect(link('b', 's', 'output'));
    const merger = store.getState().nodes.find((n) => n.data.type === 'merge');
    expect(result).toEqual({ ok: true, inserted: [{ kind: 'merger', nodeId: merger?.id, label: 'Merger', detail: 'the input was already connected' }] });
    expect(merger?.data.config).toMatchObject({ dataType: 'text', mergeStrategy: 'concat', inputCount: 2 });
    expect(
      store
        .getState()
        .edges.map((e) => `${e.source}:${e.targetHandle}`)
        .sort(),
    ).toEqual(['a:input-0', 'b:input-1', `${merger?.id}:in`].sort());
  });

  it('numbers a second inserted merger like any duplicate label', () => {
    const store = storeWith({
      nodes: [
        node('a', 'input.text'),
        node('b', 'input.text'),
        node('c', 'input.text'),
        node('d', 'input.text'),
        node('s', 'test.sink.text'),
        node('t', 'test.sink.text'),
      ],
    });
    for (const [from, to] of [
      ['a', 's'],
      ['b', 's'],
      ['c', 't'],
      ['d', 't'],
    ] as const)
      store.getState().connect(link(from, to, 'output'));
    expect(
      store
        .getState()
        .nodes.filter((n) => n.data.type === 'merge')
        .map((n) => n.data.label),
    ).toEqual(['Merger', 'Merger #2']);
  });

  it('refuses incompatible types with the reason and leaves the graph alone', () => {
    const store = storeWith({ nodes: [node('q', 'test.source.query'), node('d', 'test.sink.documents', 400)] });
    const result = store.getState().connect(link('q', 'd'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/Cannot connect query to documents/);
    expect(store.getState()).toMatchObject({ edges: [], hasUnsavedChanges: false });
    expect(store.getState().planConnect(link('q', 'd')).ok).toBe(false);
  });

  it('undoes a connection with its inserted converter in one step, and redoes it', () => {
    const store = storeWith({ nodes: [node('d', 'test.source.documents'), node('s', 'test.sink.text', 400)] });
    store.getState().connect(link('d', 's'));
    store.getState().undo();
    expect(store.getState().nodes).toHaveLength(2);
    expect(store.getState().edges).toHaveLength(0);
    store.getState().redo();
    expect(store.getState().nodes).toHaveLength(3);
    expect(store.getState().edges).toHaveLength(2);
  });
});

describe("React Flow's change stream", () => {
  it('makes a drag one undo step and raises the flag only when something moved', () => {
    const store = storeWith({ nodes: [node('a', 'input.text', 0, 0)] });
    const s = () => store.getState();
    s().onNodesChange([{ type: 'dimensions', id: 'a', dimensions: { width: 200, height: 80 } }]);
    s().onNodesChange([{ type: 'select', id: 'a', selected: true }]);
    expect(s().hasUnsavedChanges).toBe(false);
    expect(s().selectedNodeId).toBe('a');
    for (const x of [15, 30, 45]) s().onNodesChange([{ type: 'position', id: 'a', position: { x, y: 0 }, dragging: true }]);
    s().onNodesChange([{ type: 'position', id: 'a', position: { x: 45, y: 0 }, dragging: false }]);
    expect(s()).toMatchObject({ hasUnsavedChanges: true, gestureStart: null });
    expect(s().history.past).toHaveLength(1);
    s().undo();
    expect(s().nodes[0]?.position).toEqual({ x: 0, y: 0 });
  });

  it('ignores a drag that ends where it started', () => {
    const store = storeWith({ nodes: [node('a', 'input.text', 0, 0)] });
    store.getState().onNodesChange([{ type: 'position', id: 'a', position: { x: 15, y: 0 }, dragging: true }]);
    store.getState().onNodesChange([{ type: 'position', id: 'a', position: { x: 0, y: 0 }, dragging: false }]);
    expect(store.getState().hasUnsavedChanges).toBe(false);
    expect(store.getState().history.past).toHaveLength(0);
  });

  it('turns remove changes into one delete', () => {
    const store = storeWith({ nodes: [node('a', 'input.text'), node('b', 'test.sink.text')] });
    store.getState().connect(link('a', 'b', 'output'));
    store.getState().onNodesChange([{ type: 'remove', id: 'a' }]);
    expect(store.getState().nodes.map((n) => n.id)).toEqual(['b']);
    expect(store.getState().edges).toHaveLength(0);
  });
});

describe('selection, panels and the pin rule', () => {
  it('selecting opens no panel; an open node panel follows the selection', () => {
    const store = storeWith({ nodes: [node('a', 'input.text'), node('b', 'input.text')] });
    const s = () => store.getState();
    s().selectNodes(['a']);
    expect(s()).toMatchObject({ selectedNodeId: 'a', rightPanel: null, modalPanel: null });
    s().openPanel({ kind: 'node', nodeId: 'a' });
    s().selectNodes(['b']);
    expect(s()).toMatchObject({ selectedNodeId: 'b', rightPanel: { kind: 'node', nodeId: 'b' } });
    s().selectNodes([]);
    expect(s()).toMatchObject({ rightPanel: null, selectedNodeId: null });
    s().selectNodes(['a']);
    expect(s().rightPanel).toBeNull();
  });

  it('leaves the global parameters open when a node is selected', () => {
    const store = storeWith({ nodes: [node('a', 'input.text')] });
    store.getState().openPanel({ kind: 'globals' });
    store.getState().selectNodes(['a']);
    expect(store.getState()).toMatchObject({ selectedNodeId: 'a', rightPanel: { kind: 'globals' } });
  });

  it('opens a node in the modal while another is pinned in the right panel, and the modal follows', () => {
    const store = storeWith({ nodes: [node('a', 'input.text'), node('b', 'input.text'), node('c', 'input.text')] });
    const s = () => store.getState();
    s().selectNodes(['a']);
    s().openPanel({ kind: 'node', nodeId: 'a' });
    s().setRightPanelPinned(true);
    s().selectNodes(['b']);
    expect(s()).toMatchObject({ rightPanel: { kind: 'node', nodeId: 'a' }, modalPanel: null, selectedNodeId: 'b' });
    s().openPanel({ kind: 'node', nodeId: 'b' });
    expect(s()).toMatchObject({ rightPanel: { kind: 'node', nodeId: 'a' }, modalPanel: { kind: 'node', nodeId: 'b' } });
    s().selectNodes(['c']);
    expect(s()).toMatchObject({ modalPanel: { kind: 'node', nodeId: 'c' }, selectedNodeId: 'c' });
    s().selectNodes([]);
    expect(s()).toMatchObject({ rightPanel: { kind: 'node', nodeId: 'a' }, modalPanel: null, selectedNodeId: null });
    s().setRightPanelPinned(false);
    s().selectNodes(['b']);
    expect(s()).toMatchObject({ rightPanel: { kind: 'node', nodeId: 'b' }, modalPanel: null });
    s().selectNodes(['a', 'b']);
    expect(s()).toMatchObject({ rightPanel: null, selectedNodeId: null });
  });
});
