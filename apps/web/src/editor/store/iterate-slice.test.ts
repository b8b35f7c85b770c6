import { describe, expect, it } from 'vitest';
import { toWorkflowDocument } from './document-model';
import { snapshotOf } from './editor-state';
import { node, storeWith } from './store-test-helpers';

describe('pinned outputs and node settings in the editor', () => {
  it('loads pins onto their nodes and saves them back as pinData, with node settings', () => {
    const store = storeWith({ nodes: [node('a', 'text.input'), node('b', 'text.input')], pinData: { a: { output: 'pinned' } } });
    expect(store.getState().nodes[0]?.data.pinned).toEqual({ output: 'pinned' });
    store.getState().setNodeSettings('b', { retries: 2, retryWaitMs: 500 });
    const document = toWorkflowDocument(snapshotOf(store.getState()));
    expect(document.pinData).toEqual({ a: { output: 'pinned' } });
    expect(document.nodes[1]?.data.settings).toEqual({ retries: 2, retryWaitMs: 500 });
    // The pin stays out of the node's stored data.
    expect(document.nodes[0]?.data).not.toHaveProperty('pinned');
  });

  it('pins and unpins as undoable changes that raise the unsaved flag', () => {
    const store = storeWith({ nodes: [node('a', 'text.input')] });
    store.getState().setNodePin('a', { output: 'x' });
    expect(store.getState().hasUnsavedChanges).toBe(true);
    expect(toWorkflowDocument(snapshotOf(store.getState())).pinData).toEqual({ a: { output: 'x' } });
    store.getState().setNodePin('a', undefined);
    expect('pinData' in toWorkflowDocument(snapshotOf(store.getState()))).toBe(false);
    store.getState().undo();
    expect(store.getState().nodes[0]?.data.pinned).toEqual({ output: 'x' });
  });

  it('drops settings left empty, going back to the defaults', () => {
    const store = storeWith({ nodes: [node('a', 'text.input')] });
    store.getState().setNodeSettings('a', { timeoutMs: 5000 });
    store.getState().setNodeSettings('a', { timeoutMs: undefined });
    expect(store.getState().nodes[0]?.data).not.toHaveProperty('settings');
  });
});
