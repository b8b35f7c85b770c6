import { emptyWorkflow, globalParameterSchema, UNTITLED_WORKFLOW_NAME } from '@weft/core';
import type { StateCreator } from 'zustand';
import { commit, followSelection } from './commit';
import { asEditedDocument, toEditorEdge, toEditorNodes } from './document-model';
import { type DocumentActions, type DocumentState, type EditorState, snapshotOf } from './editor-state';
import { EMPTY_HISTORY, redo, undo } from './history';
import type { DocumentSnapshot, GlobalParameters } from './types';
import { INITIAL_UI, prunePanels } from './ui-state';

export const INITIAL_DOCUMENT: DocumentState = {
  workflowId: null,
  version: null,
  baseDocument: null,
  name: emptyWorkflow().name,
  nodes: [],
  edges: [],
  globalParameters: {},
  settings: {},
  hasUnsavedChanges: false,
  revision: 0,
  labelCounters: {},
  definitions: [],
  definitionsByType: new Map(),
  history: EMPTY_HISTORY,
  gestureStart: null,
  clipboard: null,
  pasteCount: 0,
};

function sameParameters(a: GlobalParameters, b: GlobalParameters): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k, i) => Object.keys(b)[i] === k && a[k]?.value === b[k]?.value && a[k]?.description === b[k]?.description)
  );
}

const KEY_RULE = globalParameterSchema.shape.key;

/** Loading, saving, naming, global parameters and undo/redo. */
export const createDocumentSlice: StateCreator<EditorState, [], [], DocumentState & DocumentActions> = (set, get) => ({
  ...INITIAL_DOCUMENT,

  setDefinitions(definitions) {
    set({ definitions, definitionsByType: new Map(definitions.map((d) => [d.type, d])) });
  },

  load({ id, version, document, unsaved = false }) {
    // SPEC.md section 4: loading resets the selection, the label counter and the flag,
    // and asks the canvas to fit the view.
    set((s) => ({
      workflowId: id,
      version,
      baseDocument: asEditedDocument(document),
      name: document.name,
      nodes: toEditorNodes(document),
      edges: document.edges.map(toEditorEdge),
      globalParameters: document.globalParameters,
      settings: document.settings ?? {},
      hasUnsavedChanges: unsaved,
      revision: 0,
      labelCounters: {},
      history: EMPTY_HISTORY,
      gestureStart: null,
      pasteCount: 0,
      selectedNodeId: null,
      rightPanel: s.rightPanel?.kind === 'globals' ? s.rightPanel : null,
      rightPanelPinned: s.rightPanel?.kind === 'globals' ? s.rightPanelPinned : false,
      modalPanel: null,
      highlightedDataType: null,
      fitViewRequested: true,
      // Issue 22, canvas first: a workflow with nodes opens with the library folded to its
      // rail (it is there to add, and opening is to look); an empty one needs it. Loading
      // the same workflow again (a restored version, the conflict's reload) keeps it as it is.
      libraryCollapsed: id !== null && id === s.workflowId ? s.libraryCollapsed : document.nodes.length > 0,
      // Another workflow's settings closing must not unfold the logs for this one.
      logsFoldedForSettings: false,
    }));
  },

  clear() {
    get().load({ id: null, version: null, document: emptyWorkflow(UNTITLED_WORKFLOW_NAME) });
  },

  clearCanvas() {
    get().replaceDocument({ ...emptyWorkflow(UNTITLED_WORKFLOW_NAME), settings: get().settings });
  },

  replaceDocument(document) {
    set((s) =>
      commit(s, {
        name: document.name,
        nodes: toEditorNodes(document),
        edges: document.edges.map(toEditorEdge),
        globalParameters: document.globalParameters,
        settings: document.settings ?? {},
        labelCounters: {},
        selectedNodeId: null,
        rightPanel: s.rightPanel?.kind === 'globals' ? s.rightPanel : null,
        rightPanelPinned: s.rightPanel?.kind === 'globals' ? s.rightPanelPinned : false,
        modalPanel: null,
        fitViewRequested: true,
      }),
    );
  },

  reset() {
    // The overview map's choice is the user's preference, not the open workflow's.
    set({ ...INITIAL_DOCUMENT, definitions: get().definitions, definitionsByType: get().definitionsByType, ...INITIAL_UI, overviewShown: get().overviewShown });
  },

  markSaved(saved, revision, document) {
    set((s) => ({ workflowId: saved.id, version: saved.version, baseDocument: document ?? s.baseDocument, hasUnsavedChanges: s.revision !== revision }));
  },

  setName(name) {
    if (name === get().name) return;
    set((s) => commit(s, { name }, 'name'));
  },

  setGlobalParameter(key, { value, description = '' }, previousKey) {
    const checked = KEY_RULE.safeParse(key);
    if (!checked.success) return checked.error.issues[0]?.message ?? 'Invalid parameter key';
    const current = get().globalParameters;
    if (key !== previousKey && key in current) return `A parameter named ${key} already exists.`;
    const entry = { key, value, description };
    const old = previousKey === undefined ? undefined : current[previousKey];
    if (old && old.value === value && old.description === description && key === previousKey) return null;
    // Rebuilt in order so a renamed parameter keeps its place in the list.
    const next: EditorState['globalParameters'] = {};
    for (const [k, p] of Object.entries(current)) {
      if (k === previousKey) next[key] = entry;
      else next[k] = p;
    }
    if (!(key in next)) next[key] = entry;
    set((s) => commit(s, { globalParameters: next }, `param:${key}`));
    return null;
  },

  removeGlobalParameter(key) {
    const { [key]: removed, ...rest } = get().globalParameters;
    if (!removed) return;
    set((s) => commit(s, { globalParameters: rest }));
  },

  setGlobalParameters(parameters) {
    if (sameParameters(get().globalParameters, parameters)) return;
    set((s) => commit(s, { globalParameters: parameters }, 'params'));
  },

  setSuccessfulRunData(mode) {
    const { successfulRunData: current, ...rest } = get().settings;
    if (current === mode) return;
    set((s) => commit(s, { settings: mode ? { ...rest, successfulRunData: mode } : rest }));
  },

  undo() {
    const s = get();
    const step = undo(s.history, snapshotOf(s));
    if (step) set(restore(s, step.snapshot, step.history));
  },

  redo() {
    const s = get();
    const step = redo(s.history, snapshotOf(s));
    if (step) set(restore(s, step.snapshot, step.history));
  },
});

/** Undo and redo are changes too: the flag goes up and panels of vanished nodes close. */
function restore(state: EditorState, snapshot: DocumentSnapshot, history: EditorState['history']): Partial<EditorState> {
  const nodes = [...snapshot.nodes];
  const ids = new Set(nodes.map((n) => n.id));
  const pruned = { ...state, ...prunePanels(state, (id) => ids.has(id)) };
  return {
    name: snapshot.name,
    nodes,
    edges: [...snapshot.edges],
    globalParameters: snapshot.globalParameters,
    settings: snapshot.settings ?? {},
    history,
    gestureStart: null,
    hasUnsavedChanges: true,
    revision: state.revision + 1,
    rightPanel: pruned.rightPanel,
    modalPanel: pruned.modalPanel,
    rightPanelPinned: pruned.rightPanelPinned,
    ...followSelection(pruned, nodes),
  };
}
