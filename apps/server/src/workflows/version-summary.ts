import { diffWorkflows, isEmptyDiff, type NodeDefinition, summarizeWorkflowDiff, type WorkflowDocument } from '@weft/core';

/** How a version came to be: the summary a history entry shows depends on it. */
export type SaveKind =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'duplicate'; from: string }
  /** `before`: the version the save replaced; null when it cannot be read (newer Weft). */
  | { kind: 'update'; before: WorkflowDocument | null }
  | { kind: 'restore'; version: number; before: WorkflowDocument | null };

/** A version's one-line summary: what the save did, from its kind and the documents. */
export function saveSummary(save: SaveKind, after: WorkflowDocument, definitions: readonly NodeDefinition[]): string {
  switch (save.kind) {
    case 'create':
      return `Created with ${nodes(after)}`;
    case 'import':
      return `Imported with ${nodes(after)}`;
    case 'duplicate':
      return `Copied from "${save.from}"`;
    case 'update':
      return save.before ? summarizeWorkflowDiff(diffWorkflows(save.before, after, definitions)) : 'Saved';
    case 'restore': {
      const diff = save.before ? diffWorkflows(save.before, after, definitions) : null;
      if (!diff || isEmptyDiff(diff)) return `Restored version ${save.version}`;
      const changes = summarizeWorkflowDiff(diff);
      return `Restored version ${save.version}: ${changes.charAt(0).toLowerCase()}${changes.slice(1)}`;
    }
  }
}

function nodes(document: WorkflowDocument): string {
  return `${document.nodes.length} node${document.nodes.length === 1 ? '' : 's'}`;
}
