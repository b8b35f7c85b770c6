import type { NodeDefinition } from './node-definition.js';
import type { WorkflowDocument } from './workflow.js';
import { type DiffNode, diffWorkflows, type WorkflowDiff } from './workflow-diff.js';

/** Something both sides changed, to different ends: keeping one side's document loses the other's edit. */
export interface EditOverlap {
  readonly kind: 'name' | 'node' | 'parameter';
  /** The node's id, the parameter's key, or `name`. */
  readonly id: string;
  /** The node's label in their version (else yours), the parameter's key, or "Name". */
  readonly label: string;
  readonly theirs: 'changed' | 'removed';
  readonly yours: 'changed' | 'removed';
  /** The labels of a node's config fields both sides set, to different values. */
  readonly fields: readonly string[];
}

/** Two edits of one workflow made from the same version: what each did, and where they meet. */
export interface ConcurrentEdits {
  /** From the version both started from to the stored one (someone else's save). */
  readonly theirs: WorkflowDiff;
  /** From the version both started from to the editor's unsaved document. */
  readonly yours: WorkflowDiff;
  readonly overlaps: readonly EditOverlap[];
}

type Touch = 'changed' | 'removed';

/**
 * What a stale save would have thrown away: `theirs` (base → the stored document) beside
 * `yours` (base → the editor's), and the overlaps, things both touched that now differ
 * (a node both changed or one removed while the other changed it, the name, a global
 * parameter). Things both changed the same way are no overlap. Secret fields are shown as
 * {@link diffWorkflows} shows them, so nothing here carries a plaintext secret.
 */
export function diffConcurrentEdits(
  base: WorkflowDocument,
  theirs: WorkflowDocument,
  yours: WorkflowDocument,
  definitions: readonly NodeDefinition[] = [],
): ConcurrentEdits {
  const theirDiff = diffWorkflows(base, theirs, definitions);
  const yourDiff = diffWorkflows(base, yours, definitions);
  // What still differs between the two results: only there can an edit be lost.
  const between = diffWorkflows(theirs, yours, definitions);
  const overlaps: EditOverlap[] = [];

  if (theirDiff.name && yourDiff.name && between.name) {
    overlaps.push({ kind: 'name', id: 'name', label: 'Name', theirs: 'changed', yours: 'changed', fields: [] });
  }

  const theirNodes = touchedNodes(theirDiff);
  const yourNodes = touchedNodes(yourDiff);
  const differing = new Map<string, DiffNode>([...between.nodes.changed, ...between.nodes.added, ...between.nodes.removed].map((n) => [n.id, n]));
  for (const [id, theirTouch] of theirNodes) {
    const yourTouch = yourNodes.get(id);
    if (!yourTouch || !differing.has(id)) continue;
    if (theirTouch.touch === 'removed' && yourTouch.touch === 'removed') continue;
    const theirKeys = new Set(theirTouch.fields);
    const changed = between.nodes.changed.find((n) => n.id === id);
    const fields = (changed?.fields ?? []).filter((f) => theirKeys.has(f.key) && yourTouch.fields.includes(f.key)).map((f) => f.label);
    overlaps.push({ kind: 'node', id, label: theirTouch.label, theirs: theirTouch.touch, yours: yourTouch.touch, fields });
  }

  const theirParams = touchedParameters(theirDiff);
  const yourParams = touchedParameters(yourDiff);
  const betweenParams = touchedParameters(between);
  for (const [key, theirTouch] of theirParams) {
    const yourTouch = yourParams.get(key);
    if (!yourTouch || !betweenParams.has(key)) continue;
    overlaps.push({ kind: 'parameter', id: key, label: key, theirs: theirTouch, yours: yourTouch, fields: [] });
  }

  return { theirs: theirDiff, yours: yourDiff, overlaps };
}

/** Node ids a diff removed or changed, with the config keys it changed. */
function touchedNodes(diff: WorkflowDiff): Map<string, { touch: Touch; label: string; fields: readonly string[] }> {
  const touched = new Map<string, { touch: Touch; label: string; fields: readonly string[] }>();
  for (const node of diff.nodes.changed) touched.set(node.id, { touch: 'changed', label: node.label, fields: node.fields.map((f) => f.key) });
  for (const node of diff.nodes.removed) touched.set(node.id, { touch: 'removed', label: node.label, fields: [] });
  return touched;
}

function touchedParameters(diff: WorkflowDiff): Map<string, Touch> {
  const { added, removed, changed } = diff.parameters;
  return new Map<string, Touch>([
    ...[...added, ...changed].map((p): [string, Touch] => [p.key, 'changed']),
    ...removed.map((p): [string, Touch] => [p.key, 'removed']),
  ]);
}
