import type { DataType, GlobalParameter, WorkflowDocument, WorkflowNode } from '@weft/core';
import type { Edge, Node } from '@xyflow/react';

/**
 * What a canvas node carries: the stored node's data (SPEC.md section 3) with `status`
 * always present, so React Flow nodes and stored nodes are the same objects plus the
 * fields React Flow adds (selected, measured, dragging).
 */
export type EditorNodeData = WorkflowNode['data'] & {
  status: string;
  /**
   * The node's pinned outputs by port. Stored in the document's `pinData`, kept on the node
   * while editing so undo, delete and paste carry them with it (document-model.ts).
   */
  pinned?: Record<string, unknown>;
};

/** A React Flow node that is also a valid `WorkflowNode` (type is always `custom`). */
export type EditorNode = Node<EditorNodeData, 'custom'> & { type: 'custom' };

export interface EditorEdgeData extends Record<string, unknown> {
  type?: DataType;
}

/**
 * A React Flow edge that is also a valid `WorkflowEdge`: handles are always named and
 * `type` is kept as stored (an unknown one falls back to React Flow's default edge).
 */
export type EditorEdge = Edge<EditorEdgeData> & {
  sourceHandle: string;
  targetHandle: string;
  type: string;
  data: EditorEdgeData;
};

export type GlobalParameters = Record<string, GlobalParameter>;

/** The document's workflow-wide settings (how much a successful run keeps); empty: the instance defaults. */
export type WorkflowSettings = NonNullable<WorkflowDocument['settings']>;

/** The undoable part of the editor: everything the unsaved-changes flag covers. */
export interface DocumentSnapshot {
  readonly name: string;
  readonly nodes: readonly EditorNode[];
  readonly edges: readonly EditorEdge[];
  readonly globalParameters: GlobalParameters;
  /** Absent in snapshots made before settings existed (tests): read as none set. */
  readonly settings?: WorkflowSettings;
}

/** What the right panel or the modal panel shows (SPEC.md section 3, "UI panel state"). */
export type PanelContent = { readonly kind: 'node'; readonly nodeId: string } | { readonly kind: 'globals' };
