import type { DiffEdge, WorkflowDiff } from '@weft/core';

const MAX_SHOWN = 240;

/** A config value as the diff shows it: text as is (cut), nothing as "not set", the rest as JSON. */
export function formatDiffValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'not set';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** "Template 1 → LLM Chat" with the ports when a node has more than one. */
export function formatEdge(edge: DiffEdge): string {
  return `${edge.sourceLabel} (${edge.sourceHandle}) → ${edge.targetLabel} (${edge.targetHandle})`;
}

/** How many changes a diff holds, as a count the panel's heading shows. */
export function countChanges(diff: WorkflowDiff): number {
  const { nodes, edges, parameters } = diff;
  return (
    (diff.name ? 1 : 0) +
    nodes.added.length +
    nodes.removed.length +
    nodes.changed.length +
    edges.added.length +
    edges.removed.length +
    parameters.added.length +
    parameters.removed.length +
    parameters.changed.length
  );
}
