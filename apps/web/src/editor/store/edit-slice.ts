import { freeDropBelow, inputPorts, outputPorts } from '@weft/core';
import type { StateCreator } from 'zustand';
import { type ClipboardContent, copyNodes, PASTE_OFFSET, pasteNodes } from './clipboard';
import { commit, deselectAll, followSelection } from './commit';
import type { EditorState, GraphActions } from './editor-state';
import { assignLabels } from './labels';
import type { EditorEdge, EditorNode } from './types';

type EditSliceActions = Pick<
  GraphActions,
  'nudgeSelection' | 'setPositions' | 'updateNodeConfig' | 'renameNode' | 'selectNodes' | 'copySelection' | 'paste' | 'duplicateSelection'
>;

/** Moving, configuring, renaming, selecting and copy/paste. */
export const createEditSlice: StateCreator<EditorState, [], [], EditSliceActions> = (set, get) => ({
  nudgeSelection(dx, dy) {
    const s = get();
    const ids: string[] = [];
    const nodes = s.nodes.map((n) => {
      if (!n.selected) return n;
      ids.push(n.id);
      return { ...n, position: { x: n.position.x + dx, y: n.position.y + dy } };
    });
    if (ids.length === 0) return false;
    // Consecutive nudges of the same selection are one undo step, like one drag.
    set(commit(s, { nodes }, `nudge:${ids.join(',')}`));
    return true;
  },

  setPositions(positions) {
    const s = get();
    let changed = false;
    const nodes = s.nodes.map((n) => {
      const p = positions.get(n.id);
      if (!p || (p.x === n.position.x && p.y === n.position.y)) return n;
      changed = true;
      return { ...n, position: { x: p.x, y: p.y } };
    });
    if (changed) set(commit(s, { nodes }));
  },

  updateNodeConfig(nodeId, patch) {
    const s = get();
    const node = s.nodes.find((n) => n.id === nodeId);
    if (!node) return;
    const config: Record<string, unknown> = { ...node.data.config, ...patch };
    // undefined removes the key: a cleared optional field must not keep its old value.
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete config[key];
    const updated: EditorNode = { ...node, data: { ...node.data, config } };
    const nodes = s.nodes.map((n) => (n.id === nodeId ? updated : n));
    const edges = withoutVanishedHandles(s, updated);
    // Typing into one field is one undo step, not one per keystroke.
    set(commit(s, { nodes, edges }, `config:${nodeId}:${Object.keys(patch).sort().join(',')}`));
  },

  renameNode(nodeId, label) {
    const s = get();
    const node = s.nodes.find((n) => n.id === nodeId);
    if (!node || node.data.label === label) return;
    const nodes = s.nodes.map((n) => (n.id === nodeId ? { ...n, data: { ...n.data, label } } : n));
    set(commit(s, { nodes }, `label:${nodeId}`));
  },

  selectNodes(nodeIds) {
    const s = get();
    const wanted = new Set(nodeIds);
    const nodes = s.nodes.map((n) => (wanted.has(n.id) === !!n.selected ? n : { ...n, selected: wanted.has(n.id) }));
    set({ nodes, edges: deselectAll(s.edges), ...followSelection(s, nodes) });
  },

  copySelection() {
    const s = get();
    const clipboard = copyNodes(s.nodes, s.edges, selectedIds(s.nodes));
    if (!clipboard) return 0;
    set({ clipboard, pasteCount: 0 });
    return clipboard.nodes.length;
  },

  paste() {
    const s = get();
    if (!s.clipboard) return 0;
    const pasteCount = s.pasteCount + 1;
    // Each paste of the same copy steps further, so repeated pastes fan out.
    const offset = PASTE_OFFSET * pasteCount;
    set(placeCopies(s, s.clipboard, { x: offset, y: offset }, { pasteCount }));
    return s.clipboard.nodes.length;
  },

  duplicateSelection() {
    const s = get();
    const content = copyNodes(s.nodes, s.edges, selectedIds(s.nodes));
    if (!content) return 0;
    // Under the originals, where the copies cover nothing (a copy on top hid its original).
    set(placeCopies(s, content, freeDropBelow(content.nodes, s.nodes), {}));
    return content.nodes.length;
  },
});

function selectedIds(nodes: readonly EditorNode[]): Set<string> {
  return new Set(nodes.filter((n) => n.selected).map((n) => n.id));
}

/** Adds copies (selected, uniquely labelled) and deselects everything else: one step. */
function placeCopies(s: EditorState, content: ClipboardContent, offset: { x: number; y: number }, extra: Partial<EditorState>): Partial<EditorState> {
  const pasted = pasteNodes(content, offset);
  const { labels, counters } = assignLabels(
    pasted.nodes.map((n) => n.data.label),
    s.nodes.map((n) => n.data.label),
    s.labelCounters,
  );
  const copies = pasted.nodes.map((n, i) => ({ ...n, data: { ...n.data, label: labels[i] ?? n.data.label } }));
  const nodes = [...deselectAll(s.nodes), ...copies];
  return commit(s, { ...extra, nodes, edges: [...deselectAll(s.edges), ...pasted.edges], labelCounters: counters, ...followSelection(s, nodes) });
}

/**
 * A config change can remove handles (a merger with fewer inputs); edges on handles
 * that no longer exist go with them, so the document never points at a missing handle.
 */
function withoutVanishedHandles(s: EditorState, node: EditorNode): EditorEdge[] {
  const definition = s.definitionsByType.get(node.data.type);
  if (!definition) return s.edges;
  const inputs = new Set(inputPorts(definition, node.data.config).map((p) => p.id));
  const outputs = new Set(outputPorts(definition).map((p) => p.id));
  const kept = s.edges.filter((e) => (e.target !== node.id || inputs.has(e.targetHandle)) && (e.source !== node.id || outputs.has(e.sourceHandle)));
  return kept.length === s.edges.length ? s.edges : kept;
}
