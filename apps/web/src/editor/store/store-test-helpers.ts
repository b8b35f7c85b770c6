import { emptyWorkflow, type WorkflowDocument } from '@weft/core';
import { createEditorStore } from './editor.store';
import { TEST_DEFINITIONS } from './test-definitions';

/** A fresh store with the test catalogue and, optionally, a loaded document. */
export function storeWith(document: Partial<WorkflowDocument> = {}) {
  const store = createEditorStore();
  store.getState().setDefinitions(TEST_DEFINITIONS);
  store.getState().load({ id: 'wf1', version: 3, document: { ...emptyWorkflow(), ...document } });
  return store;
}

export function node(id: string, type: string, x = 0, y = 0, config: Record<string, unknown> = {}) {
  return { id, type: 'custom' as const, position: { x, y }, data: { label: id, type, config, status: 'idle' } };
}
