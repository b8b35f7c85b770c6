import { readWorkflowDocument, type WorkflowDocument } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import type { ExportedCustomNode } from '../custom-nodes/custom-nodes.service.js';

/** The export file: the document, tagged so that an import can tell it from other JSON. */
export interface WorkflowExport extends WorkflowDocument {
  weft: 'workflow';
  /** The custom node types the workflow uses, so another account can import it whole. */
  customNodes?: ExportedCustomNode[];
}

/**
 * A stored workflow's document (the row's JSON text), upgraded to this code's version:
 * the one way the server reads `workflows.document`. Only built-in node types carry config
 * migrations (a custom type's settings are its owner's), so the built-ins are all it needs.
 * Throws core's `WorkflowDocumentError`, which the error handler answers with its message.
 */
export function readStoredWorkflow(json: string): WorkflowDocument {
  return readWorkflowDocument(json, BUILTIN_NODES);
}

/**
 * A stored workflow as a run starts from it: the row's fields and its document read
 * once. A trigger that has read it already (the webhook, with its token) hands it to the
 * run instead of the run reading it again.
 */
export interface LoadedWorkflow {
  id: string;
  name: string;
  version: number;
  /** The stored JSON, as a scale-out job carries it. */
  document: string;
  parsed: WorkflowDocument;
}

export function toExport(document: WorkflowDocument, customNodes: readonly ExportedCustomNode[] = []): WorkflowExport {
  return {
    weft: 'workflow',
    schemaVersion: document.schemaVersion,
    name: document.name,
    nodes: document.nodes,
    edges: document.edges,
    globalParameters: document.globalParameters,
    ...(document.pinData ? { pinData: document.pinData } : {}),
    // Only when there are some, so exports of workflows without custom nodes stay as they were.
    ...(customNodes.length > 0 ? { customNodes: [...customNodes] } : {}),
  };
}
