import type { NodeSettings } from '@weft/core';
import type { StateCreator } from 'zustand';
import { commit } from './commit';
import type { EditorState } from './editor-state';
import type { EditorNode } from './types';

export interface IterateActions {
  /** Pins the node's outputs (by port), or unpins it with undefined: one undo step. */
  setNodePin(nodeId: string, outputs: Record<string, unknown> | undefined): void;
  /** Sets the node's run settings (retries, wait, timeout); undefined or empty goes back to the defaults. */
  setNodeSettings(nodeId: string, settings: NodeSettings | undefined): void;
  /** A tool node's Require approval (`data.requireApproval`): each call an Agent makes waits for a person. One undo step. */
  setNodeRequireApproval(nodeId: string, on: boolean): void;
}

/** Pinned outputs, node run settings and a tool's approval: document changes like any edit (undo, unsaved flag). */
export const createIterateSlice: StateCreator<EditorState, [], [], IterateActions> = (set, get) => ({
  setNodePin(nodeId, outputs) {
    const s = get();
    const node = s.nodes.find((n) => n.id === nodeId);
    if (!node || (!outputs && !node.data.pinned)) return;
    const { pinned: _old, ...data } = node.data;
    const updated: EditorNode = { ...node, data: outputs ? { ...data, pinned: outputs } : data };
    set(commit(s, { nodes: s.nodes.map((n) => (n.id === nodeId ? updated : n)) }));
  },

  setNodeSettings(nodeId, settings) {
    const s = get();
    const node = s.nodes.find((n) => n.id === nodeId);
    if (!node) return;
    const { settings: _old, ...data } = node.data;
    const kept = settings && Object.values(settings).some((value) => value !== undefined) ? settings : undefined;
    if (JSON.stringify(kept) === JSON.stringify(node.data.settings)) return;
    const updated: EditorNode = { ...node, data: kept ? { ...data, settings: kept } : data };
    // Typing in one settings field is one undo step.
    set(commit(s, { nodes: s.nodes.map((n) => (n.id === nodeId ? updated : n)) }, `settings:${nodeId}`));
  },

  setNodeRequireApproval(nodeId, on) {
    const s = get();
    const node = s.nodes.find((n) => n.id === nodeId);
    if (!node || (node.data.requireApproval === true) === on) return;
    const { requireApproval: _old, ...data } = node.data;
    const updated: EditorNode = { ...node, data: on ? { ...data, requireApproval: true } : data };
    set(commit(s, { nodes: s.nodes.map((n) => (n.id === nodeId ? updated : n)) }));
  },
});
