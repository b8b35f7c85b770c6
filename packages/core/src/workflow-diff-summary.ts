import type { DiffNode, DiffNodeChange, WorkflowDiff } from './workflow-diff.js';

/** Names listed one by one up to this many; beyond it a count ("added 5 nodes"). */
const MAX_NAMED = 3;
/** Parts of a summary before the rest is counted ("and 2 more changes"). */
const MAX_PARTS = 6;

/**
 * A diff in one short line, as a version's history entry shows it: "Added LLM Chat,
 * changed prompt of Template 1, removed 1 connection". "No changes" when there are none.
 */
export function summarizeWorkflowDiff(diff: WorkflowDiff): string {
  const parts: string[] = [];
  if (diff.name) parts.push(`renamed the workflow to "${diff.name.after}"`);
  const { added, removed, changed } = diff.nodes;
  if (added.length > 0) parts.push(`added ${namedOrCounted(added, 'node')}`);
  if (removed.length > 0) parts.push(`removed ${namedOrCounted(removed, 'node')}`);
  parts.push(...nodeChangeParts(changed));
  if (diff.edges.added.length > 0) parts.push(`added ${count(diff.edges.added.length, 'connection')}`);
  if (diff.edges.removed.length > 0) parts.push(`removed ${count(diff.edges.removed.length, 'connection')}`);
  const params = diff.parameters;
  for (const [verb, list] of [
    ['added', params.added],
    ['changed', params.changed],
    ['removed', params.removed],
  ] as const) {
    if (list.length === 0) continue;
    parts.push(
      list.length <= MAX_NAMED
        ? `${verb} ${list.length === 1 ? 'parameter' : 'parameters'} ${list.map((p) => p.key).join(', ')}`
        : `${verb} ${count(list.length, 'parameter')}`,
    );
  }
  if (parts.length === 0) return 'No changes';
  const shown = parts.length > MAX_PARTS ? [...parts.slice(0, MAX_PARTS - 1), `and ${count(parts.length - MAX_PARTS + 1, 'more change')}`] : parts;
  const text = shown.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Config changes node by node, renames, then the nodes that only moved, counted together. */
function nodeChangeParts(changed: readonly DiffNodeChange[]): string[] {
  const parts: string[] = [];
  const configChanged = changed.filter((c) => c.fields.length > 0);
  if (configChanged.length > MAX_NAMED) parts.push(`changed the settings of ${configChanged.length} nodes`);
  else for (const change of configChanged) parts.push(`changed ${fieldNames(change)} of ${change.label}`);
  for (const change of changed) {
    if (change.labelBefore !== null) parts.push(`renamed ${change.labelBefore} to ${change.label}`);
  }
  const movedOnly = changed.filter((c) => c.moved && c.fields.length === 0 && c.labelBefore === null);
  if (movedOnly.length > 0) parts.push(`moved ${movedOnly.length === 1 ? (movedOnly[0]?.label ?? '1 node') : count(movedOnly.length, 'node')}`);
  return parts;
}

function fieldNames(change: DiffNodeChange): string {
  const names = change.fields.map((f) => lowerFirst(f.label));
  if (names.length > 2) return count(names.length, 'setting');
  return names.join(' and ');
}

/** "Model" → "model", but "URL" stays "URL". */
function lowerFirst(label: string): string {
  const second = label.charAt(1);
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase()) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function namedOrCounted(nodes: readonly DiffNode[], noun: string): string {
  return nodes.length <= MAX_NAMED ? nodes.map((n) => n.label).join(', ') : count(nodes.length, noun);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
