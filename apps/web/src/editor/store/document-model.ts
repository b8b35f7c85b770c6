import { WORKFLOW_SCHEMA_VERSION, type WorkflowDocument, type WorkflowEdge, type WorkflowNode } from '@weft/core';
import type { DocumentSnapshot, EditorEdge, EditorNode } from './types';

/** A stored node as the canvas holds it: the same fields, status defaulting to idle. */
export function toEditorNode(node: WorkflowNode): EditorNode {
  return {
    id: node.id,
    type: 'custom',
    position: { x: node.position.x, y: node.position.y },
    data: { ...node.data, config: node.data.config ?? {}, status: node.data.status ?? 'idle' },
  };
}

/** Every node of a stored document as the canvas holds it, each with its pins (the document's `pinData`). */
export function toEditorNodes(document: Pick<WorkflowDocument, 'nodes' | 'pinData'>): EditorNode[] {
  return document.nodes.map((node) => {
    const editorNode = toEditorNode(node);
    const pinned = document.pinData?.[node.id];
    return pinned ? { ...editorNode, data: { ...editorNode.data, pinned } } : editorNode;
  });
}

export function toEditorEdge(edge: WorkflowEdge): EditorEdge {
  return {
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceHandle,
    target: edge.target,
    targetHandle: edge.targetHandle,
    type: edge.type ?? 'custom',
    data: { ...edge.data },
  };
}

/**
 * A stored document as the editor would save it untouched (through the editor's nodes and
 * edges and back), so that comparing it with what the editor saves shows only real edits.
 */
export function asEditedDocument(document: WorkflowDocument): WorkflowDocument {
  return toWorkflowDocument({
    name: document.name,
    nodes: toEditorNodes(document),
    edges: document.edges.map(toEditorEdge),
    globalParameters: document.globalParameters,
    settings: document.settings ?? {},
  });
}

/**
 * The document to save or export: only the stored fields, so React Flow's own
 * (selected, measured, dragging) never reach the server, and status is always idle
 * because run state is not part of a workflow.
 */
export function toWorkflowDocument(snapshot: DocumentSnapshot): WorkflowDocument {
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    name: snapshot.name,
    nodes: snapshot.nodes.map((n) => ({
      id: n.id,
      type: 'custom',
      position: { x: n.position.x, y: n.position.y },
      data: {
        label: n.data.label,
        type: n.data.type,
        ...(n.data.version === undefined ? {} : { version: n.data.version }),
        config: n.data.config,
        ...(n.data.settings ? { settings: n.data.settings } : {}),
        ...(n.data.description ? { description: n.data.description } : {}),
        ...(n.data.requireApproval ? { requireApproval: true } : {}),
        status: 'idle',
      },
    })),
    edges: snapshot.edges.map((e) => ({
      id: e.id,
      source: e.source,
      sourceHandle: e.sourceHandle,
      target: e.target,
      targetHandle: e.targetHandle,
      type: e.type,
      data: e.data.type ? { type: e.data.type } : {},
    })),
    globalParameters: snapshot.globalParameters,
    ...pinDataOf(snapshot.nodes),
    // Only settings that are set: a workflow without any stays as it was stored.
    ...(snapshot.settings && Object.keys(snapshot.settings).length > 0 ? { settings: snapshot.settings } : {}),
  };
}

/** The nodes' pins as the document's `pinData`; nothing when no node is pinned, so such documents stay as they were. */
function pinDataOf(nodes: readonly EditorNode[]): { pinData?: NonNullable<WorkflowDocument['pinData']> } {
  const pinned = nodes.filter((n) => n.data.pinned);
  return pinned.length === 0 ? {} : { pinData: Object.fromEntries(pinned.map((n) => [n.id, n.data.pinned ?? {}])) };
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A short random id. `crypto.randomUUID` needs a secure context, which a self-hosted
 * Weft reached over plain http on a LAN address is not; `getRandomValues` works anywhere.
 */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const b of bytes) id += ID_ALPHABET[b % ID_ALPHABET.length];
  return `${prefix}_${id}`;
}
