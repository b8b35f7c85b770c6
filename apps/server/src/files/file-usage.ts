import { type FileUser, fileIdOf, type NodeDefinition, type WorkflowDocument } from '@weft/core';
import { readStoredWorkflow } from '../workflows/workflow-document.js';

/** A stored workflow as the usage scan reads it: the document is the row's JSON text. */
export interface WorkflowSource {
  readonly id: string;
  readonly name: string;
  readonly document: string;
}

/** Node type → the keys of its `file` fields. Types without one are left out. */
export function fileFieldsByType(definitions: readonly NodeDefinition[]): ReadonlyMap<string, readonly string[]> {
  const fields = new Map<string, string[]>();
  for (const definition of definitions) {
    const keys = definition.config.filter((field) => field.kind === 'file').map((field) => field.key);
    if (keys.length > 0) fields.set(definition.type, keys);
  }
  return fields;
}

/** The upload ids a workflow's nodes point at through their `file` fields (core's `fileIdOf`). */
export function fileIdsInDocument(document: Pick<WorkflowDocument, 'nodes'>, fileFields: ReadonlyMap<string, readonly string[]>): Set<string> {
  const ids = new Set<string>();
  for (const node of document.nodes) {
    const keys = fileFields.get(node.data.type);
    if (!keys) continue;
    for (const key of keys) {
      const id = fileIdOf(node.data.config[key]);
      if (id) ids.add(id);
    }
  }
  return ids;
}

/**
 * File id → the workflows that use it (a node's `file` field holds the id), each workflow
 * once, by name. A document that cannot be read (readStoredWorkflow) uses nothing.
 */
export function fileUsers(workflows: readonly WorkflowSource[], fileFields: ReadonlyMap<string, readonly string[]>): Map<string, FileUser[]> {
  const users = new Map<string, FileUser[]>();
  for (const workflow of workflows) {
    let document: WorkflowDocument;
    try {
      document = readStoredWorkflow(workflow.document);
    } catch {
      continue;
    }
    for (const id of fileIdsInDocument(document, fileFields)) {
      const list = users.get(id) ?? [];
      list.push({ id: workflow.id, name: workflow.name });
      users.set(id, list);
    }
  }
  for (const list of users.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return users;
}
