import { applyEdit, type ConnectionRequest, defaultConfig, planConnection, type WorkflowEdge, type WorkflowNode } from '@weft/core';
import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from '@xyflow/react';
import type { StateCreator } from 'zustand';
import { commit, deselectAll, followSelection } from './commit';
import { newId, toEditorEdge, toEditorNode } from './document-model';
import { type EditorState, type GraphActions, type InsertedNode, snapshotOf } from './editor-state';
import { record } from './history';
import { assignLabels, nextLabel } from './labels';
import type { EditorEdge, EditorNode } from './types';
import { prunePanels } from './ui-state';
import { wirePorts } from './wire-ports';

type GraphSliceActions = Pick<GraphActions, 'addNode' | 'planConnect' | 'connect' | 'deleteElements' | 'deleteSelection' | 'onNodesChange' | 'onEdgesChange'>;

/** Placing, connecting and deleting nodes, and React Flow's change stream. */
export const createGraphSlice: StateCreator<EditorState, [], [], GraphSliceActions> = (set, get) => ({
  addNode(type, position, options = {}) {
    const s = get();
    const definition = s.definitionsByType.get(type);
    if (!definition) return null;
    const { label, counters } = nextLabel(definition.title, new Set(s.nodes.map((n) => n.data.label)), s.labelCounters);
    const node: EditorNode = {
      id: newId('node'),
      type: 'custom',
      position: { x: Math.round(position.x), y: Math.round(position.y) },
      data: { label, type, version: definition.version, config: defaultConfig(definition), status: 'idle' },
      selected: true,
    };
    const nodes = [...deselectAll(s.nodes), node];
    const edges = [...deselectAll(s.edges), ...wireEdges(s, node, options.wireFrom)];
    set(commit(s, { nodes, edges, labelCounters: counters, ...followSelection(s, nodes) }));
    return node;
  },

  planConnect(request) {
    const s = get();
    return planConnection(s, request, s.definitions, () => 'preview');
  },

  connect(request: ConnectionRequest) {
    const s = get();
    const plan = planConnection(s, request, s.definitions, () => newId('el'));
    if (!plan.ok) return { ok: false, reason: plan.reason };
    // Inserted converters and mergers follow the same label rule as placed nodes.
    const { labels, counters } = assignLabels(
      plan.edit.addNodes.map((n) => n.data.label),
      s.nodes.map((n) => n.data.label),
      s.labelCounters,
    );
    const addNodes = plan.edit.addNodes.map((n, i): WorkflowNode => ({ ...n, data: { ...n.data, label: labels[i] ?? n.data.label } }));
    const graph = applyEdit(
      { nodes: s.nodes as WorkflowNode[], edges: s.edges as WorkflowEdge[] },
      { ...plan.edit, addNodes: addNodes.map(toEditorNode), addEdges: plan.edit.addEdges.map(toEditorEdge) },
    );
    set(commit(s, { nodes: graph.nodes as EditorNode[], edges: graph.edges as EditorState['edges'], labelCounters: counters }));
    const inserted = plan.inserted.map((kind, i): InsertedNode => {
      const added = addNodes[i];
      const config = added?.data.config ?? {};
      const detail = kind === 'converter' ? `${String(config.sourceType)} → ${String(config.targetType)}` : 'the input was already connected';
      return { kind, nodeId: added?.id ?? '', label: labels[i] ?? kind, detail };
    });
    return { ok: true, inserted };
  },

  deleteElements(nodeIds, edgeIds) {
    const s = get();
    const goneNodes = new Set(nodeIds);
    const goneEdges = new Set(edgeIds);
    const nodes = s.nodes.filter((n) => !goneNodes.has(n.id));
    const edges = s.edges.filter((e) => !goneEdges.has(e.id) && !goneNodes.has(e.source) && !goneNodes.has(e.target));
    if (nodes.length === s.nodes.length && edges.length === s.edges.length) return;
    const remaining = new Set(nodes.map((n) => n.id));
    const pruned = { ...s, ...prunePanels(s, (id) => remaining.has(id)) };
    set(commit(s, { nodes, edges, ...prunePanels(s, (id) => remaining.has(id)), ...followSelection(pruned, nodes) }));
  },

  deleteSelection() {
    const s = get();
    get().deleteElements(
      s.nodes.filter((n) => n.selected).map((n) => n.id),
      s.edges.filter((e) => e.selected).map((e) => e.id),
    );
  },

  onNodesChange(changes: NodeChange<EditorNode>[]) {
    const removed = changes.flatMap((c) => (c.type === 'remove' ? [c.id] : []));
    if (removed.length) get().deleteElements(removed, []);
    const rest = removed.length ? changes.filter((c) => c.type !== 'remove') : changes;
    if (rest.length === 0) return;
    const s = get();
    const nodes = applyNodeChanges(rest, s.nodes) as EditorNode[];
    let moved = false;
    let dragEnded = false;
    let selectionChanged = false;
    for (const c of rest) {
      if (c.type === 'position') {
        if (c.position) moved = true;
        if (c.dragging === false) dragEnded = true;
      } else if (c.type === 'select') selectionChanged = true;
    }
    const ui = selectionChanged ? followSelection(s, nodes) : {};
    if (!moved && !dragEnded) {
      set({ nodes, ...ui });
      return;
    }
    // A drag is one undo step: remember the document as it began, record it as it ends.
    const start = s.gestureStart ?? snapshotOf(s);
    if (!dragEnded) {
      set({ nodes, gestureStart: start, ...ui });
      return;
    }
    if (!positionsDiffer(start.nodes, nodes)) {
      set({ nodes, gestureStart: null, ...ui });
      return;
    }
    set({ nodes, gestureStart: null, history: record(s.history, start), hasUnsavedChanges: true, revision: s.revision + 1, ...ui });
  },

  onEdgesChange(changes: EdgeChange<EditorState['edges'][number]>[]) {
    const removed = changes.flatMap((c) => (c.type === 'remove' ? [c.id] : []));
    if (removed.length) get().deleteElements([], removed);
    const rest = removed.length ? changes.filter((c) => c.type !== 'remove') : changes;
    if (rest.length) set((s) => ({ edges: applyEdgeChanges(rest, s.edges) as EditorState['edges'] }));
  },
});

/** The edge feeding a new node from `sourceId`, when their ports fit without a converter. */
function wireEdges(s: EditorState, node: EditorNode, sourceId: string | undefined): EditorEdge[] {
  const source = sourceId ? s.nodes.find((n) => n.id === sourceId) : undefined;
  const sourceDefinition = source && s.definitionsByType.get(source.data.type);
  const definition = s.definitionsByType.get(node.data.type);
  if (!source || !sourceDefinition || !definition) return [];
  const ports = wirePorts({ definition: sourceDefinition, config: source.data.config }, { definition, config: node.data.config });
  if (!ports) return [];
  const graph = { nodes: [...s.nodes, node] as WorkflowNode[], edges: s.edges as WorkflowEdge[] };
  const plan = planConnection(graph, { source: source.id, target: node.id, ...ports }, s.definitions, () => newId('el'));
  return plan.ok && plan.inserted.length === 0 ? plan.edit.addEdges.map(toEditorEdge) : [];
}

function positionsDiffer(before: readonly EditorNode[], after: readonly EditorNode[]): boolean {
  const start = new Map(before.map((n) => [n.id, n.position]));
  return after.some((n) => {
    const p = start.get(n.id);
    return !p || p.x !== n.position.x || p.y !== n.position.y;
  });
}
