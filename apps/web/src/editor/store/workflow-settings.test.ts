import { describe, expect, it } from 'vitest';
import { toWorkflowDocument } from './document-model';
import { snapshotOf } from './editor-state';
import { storeWith } from './store-test-helpers';

const saved = (store: ReturnType<typeof storeWith>) => toWorkflowDocument(snapshotOf(store.getState()));

describe('workflow settings in the editor', () => {
  it('keeps a stored setting through load and save', () => {
    const store = storeWith({ settings: { successfulRunData: 'outputs' } });
    expect(store.getState().settings).toEqual({ successfulRunData: 'outputs' });
    expect(saved(store).settings).toEqual({ successfulRunData: 'outputs' });
    expect(store.getState().hasUnsavedChanges).toBe(false);
  });

  it('saves no settings for a workflow that never had any', () => {
    expect('settings' in saved(storeWith())).toBe(false);
  });

  it('changes the run data setting as an undoable edit that raises the unsaved flag', () => {
    const store = storeWith();
    store.getState().setSuccessfulRunData('summary');
    expect(store.getState().hasUnsavedChanges).toBe(true);
    expect(saved(store).settings).toEqual({ successfulRunData: 'summary' });
    store.getState().setSuccessfulRunData('all');
    store.getState().undo();
    expect(store.getState().settings.successfulRunData).toBe('summary');
    store.getState().undo();
    expect(store.getState().settings).toEqual({});
    store.getState().redo();
    expect(store.getState().settings.successfulRunData).toBe('summary');
  });

  it('goes back to the server default when set to undefined, and ignores a no-op', () => {
    const store = storeWith({ settings: { successfulRunData: 'outputs' } });
    store.getState().setSuccessfulRunData('outputs');
    expect(store.getState().hasUnsavedChanges).toBe(false);
    store.getState().setSuccessfulRunData(undefined);
    expect('settings' in saved(store)).toBe(false);
    expect(store.getState().history.past).toHaveLength(1);
  });

  it('takes the settings of an imported document', () => {
    const store = storeWith();
    store.getState().replaceDocument({ ...saved(store), settings: { successfulRunData: 'summary' } });
    expect(store.getState().settings).toEqual({ successfulRunData: 'summary' });
    store.getState().undo();
    expect(store.getState().settings).toEqual({});
  });
});
