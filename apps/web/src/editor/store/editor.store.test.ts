import { emptyWorkflow } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { toWorkflowDocument } from './document-model';
import { snapshotOf } from './editor-state';
import { node, storeWith } from './store-test-helpers';

describe('editor store: document and flag', () => {
  it('loads a document, resets the flag, history and selection, and asks for fit view', () => {
    const store = storeWith({ name: 'Flow', nodes: [node('a', 'input.text')] });
    const s = store.getState();
    expect(s).toMatchObject({ workflowId: 'wf1', version: 3, name: 'Flow', hasUnsavedChanges: false, fitViewRequested: true, selectedNodeId: null });
    expect(s.nodes[0]).toMatchObject({ id: 'a', type: 'custom', data: { status: 'idle' } });
    expect(s.history.past).toHaveLength(0);
  });

  it('opens a workflow with nodes with the library folded, an empty one with it open; the same one again keeps it', () => {
    const store = storeWith({ nodes: [node('a', 'input.text')] });
    expect(store.getState().libraryCollapsed).toBe(true);
    store.getState().setLibraryCollapsed(false);
    // A restored version or the conflict's reload: the same workflow, the user's choice stays.
    store.getState().load({ id: 'wf1', version: 4, document: { ...emptyWorkflow(), nodes: [node('a', 'input.text')] } });
    expect(store.getState().libraryCollapsed).toBe(false);
    store.getState().load({ id: 'wf2', version: 1, document: { ...emptyWorkflow(), nodes: [node('b', 'output')] } });
    expect(store.getState().libraryCollapsed).toBe(true);
    // A blank workflow: the library is how to begin.
    store.getState().load({ id: 'wf3', version: 1, document: emptyWorkflow() });
    expect(store.getState().libraryCollapsed).toBe(false);
  });

  it('keeps the view fitted until the user pans or zooms', () => {
    const store = storeWith();
    store.getState().setViewFitted(true);
    store.getState().setViewMoving(false);
    expect(store.getState().viewFitted).toBe(true);
    store.getState().setViewMoving(true);
    expect(store.getState()).toMatchObject({ viewMoving: true, viewFitted: false });
    store.getState().setViewMoving(false);
    expect(store.getState()).toMatchObject({ viewMoving: false, viewFitted: false });
  });

  it('raises the flag on changes to nodes, edges, name and parameters, and not on UI changes', () => {
    const store = storeWith();
    store.getState().openPanel({ kind: 'globals' });
    store.getState().setLogsExpanded(true);
    store.getState().setHighlightedDataType('text');
    expect(store.getState().hasUnsavedChanges).toBe(false);
    store.getState().setName('Renamed');
    expect(store.getState().hasUnsavedChanges).toBe(true);

    const params = storeWith();
    expect(params.getState().setGlobalParameter('company', { value: 'Acme' })).toBeNull();
    expect(params.getState().hasUnsavedChanges).toBe(true);
    expect(params.getState().globalParameters.company).toEqual({ key: 'company', value: 'Acme', description: '' });
  });

  it('clears the flag on save unless the document changed while saving', () => {
    const store = storeWith();
    store.getState().setName('A');
    const revision = store.getState().revision;
    store.getState().markSaved({ id: 'wf1', version: 4 }, revision);
    expect(store.getState()).toMatchObject({ hasUnsavedChanges: false, version: 4 });
    store.getState().setName('B');
    const during = store.getState().revision;
    store.getState().setName('C');
    store.getState().markSaved({ id: 'wf1', version: 5 }, during);
    expect(store.getState().hasUnsavedChanges).toBe(true);
  });

  it('keeps the document it started from, as it saves it: a stale save compares both sides with it', () => {
    const store = storeWith({ name: 'Flow', nodes: [node('a', 'input.text')] });
    const loaded = toWorkflowDocument(snapshotOf(store.getState()));
    expect(store.getState().baseDocument).toEqual(loaded);
    store.getState().setName('Edited');
    // Editing leaves the base alone; a save moves it to what was saved.
    expect(store.getState().baseDocument?.name).toBe('Flow');
    const saved = toWorkflowDocument(snapshotOf(store.getState()));
    store.getState().markSaved({ id: 'wf1', version: 4 }, store.getState().revision, saved);
    expect(store.getState().baseDocument).toEqual(saved);
    expect(store.getState().baseDocument?.name).toBe('Edited');
  });

  it('clears to an empty Untitled Workflow with the label counter reset', () => {
    const store = storeWith();
    store.getState().addNode('input.text', { x: 0, y: 0 });
    store.getState().addNode('input.text', { x: 0, y: 0 });
    store.getState().clear();
    expect(store.getState()).toMatchObject({ name: 'Untitled Workflow', nodes: [], edges: [], workflowId: null, hasUnsavedChanges: false });
    expect(store.getState().addNode('input.text', { x: 0, y: 0 })?.data.label).toBe('Text Input');
  });

  it('clears the open workflow to an Untitled one, keeping its id and settings, as one undoable change', () => {
    const store = storeWith({ name: 'Mine', nodes: [node('a', 'input.text'), node('b', 'output')], settings: { successfulRunData: 'summary' } });
    store.getState().setGlobalParameter('city', { value: 'Paris' });
    store.getState().clearCanvas();
    expect(store.getState()).toMatchObject({
      name: 'Untitled Workflow',
      nodes: [],
      edges: [],
      globalParameters: {},
      workflowId: 'wf1',
      hasUnsavedChanges: true,
    });
    expect(store.getState().settings).toEqual({ successfulRunData: 'summary' });
    store.getState().undo();
    expect(store.getState().name).toBe('Mine');
    expect(store.getState().nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(store.getState().globalParameters).toMatchObject({ city: { value: 'Paris' } });
  });

  it('replaces the contents with an imported document as one undoable change', () => {
    const store = storeWith({ name: 'Mine', nodes: [node('a', 'input.text')] });
    store
      .getState()
      .replaceDocument({ schemaVersion: 1, name: 'Imported', nodes: [node('x', 'input.text'), node('y', 'input.text')], edges: [], globalParameters: {} });
    expect(store.getState()).toMatchObject({ name: 'Imported', workflowId: 'wf1', version: 3, hasUnsavedChanges: true, fitViewRequested: true });
    expect(store.getState().nodes.map((n) => n.id)).toEqual(['x', 'y']);
    store.getState().undo();
    expect(store.getState().name).toBe('Mine');
    expect(store.getState().nodes.map((n) => n.id)).toEqual(['a']);
  });

  it('opens a template as a document with unsaved changes', () => {
    const store = storeWith();
    store.getState().load({ id: null, version: null, document: { schemaVersion: 1, name: 'T', nodes: [], edges: [], globalParameters: {} }, unsaved: true });
    expect(store.getState().hasUnsavedChanges).toBe(true);
  });

  it('validates parameter keys, renames in place and removes', () => {
    const store = storeWith();
    const s = () => store.getState();
    expect(s().setGlobalParameter('1bad', { value: '' })).toMatch(/letters, digits/);
    s().setGlobalParameter('a', { value: '1' });
    s().setGlobalParameter('b', { value: '2' });
    expect(s().setGlobalParameter('b', { value: 'x' }, 'a')).toMatch(/already exists/);
    s().setGlobalParameter('c', { value: '1', description: 'renamed' }, 'a');
    expect(Object.keys(s().globalParameters)).toEqual(['c', 'b']);
    s().removeGlobalParameter('c');
    expect(Object.keys(s().globalParameters)).toEqual(['b']);
    s().setGlobalParameters({ z: { key: 'z', value: '9', description: '' } });
    expect(Object.keys(s().globalParameters)).toEqual(['z']);
  });

  it('exports only stored fields', () => {
    const store = storeWith({ nodes: [node('a', 'input.text')] });
    store.getState().selectNodes(['a']);
    const doc = toWorkflowDocument(snapshotOf(store.getState()));
    expect(doc.nodes[0]).toEqual({ id: 'a', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'a', type: 'input.text', config: {}, status: 'idle' } });
  });
});

describe('editor store: nodes', () => {
  it('adds a node with the default config and selects it, leaving the panels closed', () => {
    const store = storeWith();
    const added = store.getState().addNode('input.text', { x: 10.4, y: 20.6 });
    expect(added).toMatchObject({ type: 'custom', position: { x: 10, y: 21 }, data: { label: 'Text Input', type: 'input.text', version: 1, status: 'idle' } });
    expect(added?.data.config).toEqual({ text: '', askOnRun: false });
    expect(store.getState()).toMatchObject({ selectedNodeId: added?.id, rightPanel: null, hasUnsavedChanges: true });
    expect(store.getState().addNode('no.such', { x: 0, y: 0 })).toBeNull();
  });

  it('numbers duplicate labels and resets the counter on load (SPEC.md section 4)', () => {
    const store = storeWith();
    const labels = [1, 2, 3].map(() => store.getState().addNode('input.text', { x: 0, y: 0 })?.data.label);
    expect(labels).toEqual(['Text Input', 'Text Input #2', 'Text Input #3']);
    store.getState().load({ id: 'wf1', version: 1, document: { schemaVersion: 1, name: 'x', nodes: [], edges: [], globalParameters: {} } });
    expect(store.getState().addNode('input.text', { x: 0, y: 0 })?.data.label).toBe('Text Input');
  });

  it('duplicates under the originals where the copies cover nothing; pastes fan out by 40 px', () => {
    //   [a]  [b]      a node right under a: the copies of a and b go below it
    //   [c]
    const store = storeWith({ nodes: [node('a', 'input.text', 0, 0), node('b', 'input.text', 300, 0), node('c', 'input.text', 0, 130)] });
    store.getState().selectNodes(['a', 'b']);
    expect(store.getState().duplicateSelection()).toBe(2);
    const copies = store.getState().nodes.slice(3);
    expect(copies.map((n) => [n.data.label, n.position])).toEqual([
      ['a #2', { x: 0, y: 264 }],
      ['b #2', { x: 300, y: 264 }],
    ]);
    expect(copies.every((n) => n.selected)).toBe(true);
    const positionsFrom = (index: number) =>
      store
        .getState()
        .nodes.slice(index)
        .map((n) => n.position);
    // The copies are selected: a second duplicate goes under them.
    store.getState().duplicateSelection();
    expect(positionsFrom(5)).toEqual([
      { x: 0, y: 398 },
      { x: 300, y: 398 },
    ]);

    store.getState().selectNodes(['c']);
    store.getState().copySelection();
    store.getState().paste();
    store.getState().paste();
    expect(positionsFrom(7)).toEqual([
      { x: 40, y: 170 },
      { x: 80, y: 210 },
    ]);
  });

  it('deletes the selection with its edges and closes its panel', () => {
    const store = storeWith({
      nodes: [node('a', 'input.text'), node('b', 'test.sink.text', 300)],
      edges: [{ id: 'e', source: 'a', sourceHandle: 'output', target: 'b', targetHandle: 'in', type: 'custom', data: { type: 'text' } }],
    });
    store.getState().selectNodes(['a']);
    store.getState().openPanel({ kind: 'node', nodeId: 'a' });
    expect(store.getState().rightPanel).toEqual({ kind: 'node', nodeId: 'a' });
    store.getState().deleteSelection();
    expect(store.getState().nodes.map((n) => n.id)).toEqual(['b']);
    expect(store.getState().edges).toEqual([]);
    expect(store.getState()).toMatchObject({ rightPanel: null, selectedNodeId: null, hasUnsavedChanges: true });
  });

  it('nudges the selected nodes, consecutive nudges being one undo step', () => {
    const store = storeWith({ nodes: [node('a', 'input.text', 0, 0), node('b', 'input.text', 100, 0)] });
    expect(store.getState().nudgeSelection(5, 0)).toBe(false);
    store.getState().selectNodes(['a']);
    store.getState().nudgeSelection(5, 0);
    store.getState().nudgeSelection(0, 20);
    expect(store.getState().nodes.map((n) => n.position)).toEqual([
      { x: 5, y: 20 },
      { x: 100, y: 0 },
    ]);
    store.getState().undo();
    expect(store.getState().nodes[0]?.position).toEqual({ x: 0, y: 0 });
  });

  it('updates config as one undo step per field and drops edges on vanished merger inputs', () => {
    const store = storeWith({
      nodes: [node('s', 'input.text'), node('m', 'merge', 200, 0, { dataType: 'text', inputCount: 3 })],
      edges: [{ id: 'e', source: 's', sourceHandle: 'output', target: 'm', targetHandle: 'input-2', type: 'custom', data: { type: 'text' } }],
    });
    store.getState().updateNodeConfig('m', { inputCount: 2 });
    expect(store.getState().edges).toEqual([]);
    store.getState().updateNodeConfig('s', { text: 'h' });
    store.getState().updateNodeConfig('s', { text: 'hi' });
    expect(store.getState().history.past).toHaveLength(2);
    store.getState().undo();
    expect(store.getState().nodes[0]?.data.config).toEqual({});
  });

  it('removes a config key patched to undefined (a cleared optional field)', () => {
    const store = storeWith({ nodes: [node('h', 'input.text', 0, 0, { text: 'keep', placeholder: 'drop me' })] });
    store.getState().updateNodeConfig('h', { placeholder: undefined });
    expect(store.getState().nodes[0]?.data.config).toStrictEqual({ text: 'keep' });
    expect(store.getState().hasUnsavedChanges).toBe(true);
  });

  it('renames a node', () => {
    const store = storeWith({ nodes: [node('a', 'input.text')] });
    store.getState().renameNode('a', 'Question');
    expect(store.getState().nodes[0]?.data.label).toBe('Question');
  });
});
