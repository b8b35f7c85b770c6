import type { ConfigField, NodeDefinition } from './node-definition.js';
import type { WorkflowDocument, WorkflowEdge, WorkflowNode } from './workflow.js';

/** A node as a diff names it. */
export interface DiffNode {
  readonly id: string;
  readonly label: string;
  readonly type: string;
}

/**
 * One config field whose value differs; secret fields hold references only (see
 * {@link diffWorkflows}). `@settings` (retries and timeout) and `@pinned` (a pinned output)
 * are the node's parts beside its config.
 */
export interface DiffField {
  readonly key: string;
  /** The field's label from the node type, else its key. */
  readonly label: string;
  /** `undefined` when the field was unset on that side. */
  readonly before: unknown;
  readonly after: unknown;
}

export interface DiffNodeChange extends DiffNode {
  /** The label before, when the node was renamed. */
  readonly labelBefore: string | null;
  readonly moved: boolean;
  readonly fields: readonly DiffField[];
}

/** A connection, named by its ends: ids change on import, the ends do not. */
export interface DiffEdge {
  readonly source: string;
  readonly sourceLabel: string;
  readonly sourceHandle: string;
  readonly target: string;
  readonly targetLabel: string;
  readonly targetHandle: string;
}

export interface DiffParameter {
  readonly key: string;
  readonly before: string | null;
  readonly after: string | null;
}

/** What changed from one workflow document to another. */
export interface WorkflowDiff {
  readonly name: { readonly before: string; readonly after: string } | null;
  readonly nodes: { readonly added: readonly DiffNode[]; readonly removed: readonly DiffNode[]; readonly changed: readonly DiffNodeChange[] };
  readonly edges: { readonly added: readonly DiffEdge[]; readonly removed: readonly DiffEdge[] };
  readonly parameters: { readonly added: readonly DiffParameter[]; readonly removed: readonly DiffParameter[]; readonly changed: readonly DiffParameter[] };
}

/** Shown instead of a secret field's value when it is not a `{{secrets.NAME}}` reference. */
export const HIDDEN_SECRET_VALUE = '(hidden: a plain value, not a secret reference)';

const SECRET_REFERENCE = /^\s*\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}\s*$/;

/**
 * What changed from `before` to `after`: nodes (by id) added, removed and changed (label,
 * position, each config field), connections (by their ends) added and removed, global
 * parameters, the name. `definitions` give field labels and kinds; a `secret` field's value
 * that is not a reference (a key pasted by mistake) is replaced by {@link HIDDEN_SECRET_VALUE},
 * so a diff never carries a plaintext secret.
 */
export function diffWorkflows(before: WorkflowDocument, after: WorkflowDocument, definitions: readonly NodeDefinition[] = []): WorkflowDiff {
  const fieldsByType = new Map(definitions.map((d) => [d.type, new Map(d.config.map((f) => [f.key, f]))]));
  const beforeNodes = new Map(before.nodes.map((n) => [n.id, n]));
  const afterNodes = new Map(after.nodes.map((n) => [n.id, n]));

  const added = after.nodes.filter((n) => !beforeNodes.has(n.id)).map(nodeRef);
  const removed = before.nodes.filter((n) => !afterNodes.has(n.id)).map(nodeRef);
  const changed: DiffNodeChange[] = [];
  for (const node of after.nodes) {
    const old = beforeNodes.get(node.id);
    if (!old) continue;
    const extra = [
      ...sideField('@settings', 'Retries and timeout', old.data.settings, node.data.settings),
      ...sideField('@pinned', 'Pinned output', before.pinData?.[node.id], after.pinData?.[node.id]),
    ];
    const change = diffNode(old, node, fieldsByType.get(node.data.type), extra);
    if (change) changed.push(change);
  }

  const edgeLabel = (nodes: Map<string, WorkflowNode>) => (edge: WorkflowEdge) => edgeRef(edge, nodes);
  const beforeEdges = new Map(before.edges.map((e) => [edgeKey(e), e]));
  const afterEdges = new Map(after.edges.map((e) => [edgeKey(e), e]));
  const edgesAdded = after.edges.filter((e) => !beforeEdges.has(edgeKey(e))).map(edgeLabel(afterNodes));
  const edgesRemoved = before.edges.filter((e) => !afterEdges.has(edgeKey(e))).map(edgeLabel(beforeNodes));

  return {
    name: before.name === after.name ? null : { before: before.name, after: after.name },
    nodes: { added, removed, changed },
    edges: { added: edgesAdded, removed: edgesRemoved },
    parameters: diffParameters(before.globalParameters, after.globalParameters),
  };
}

/** True when the two documents differ in nothing a diff shows. */
export function isEmptyDiff(diff: WorkflowDiff): boolean {
  const { nodes, edges, parameters } = diff;
  return (
    diff.name === null &&
    nodes.added.length + nodes.removed.length + nodes.changed.length === 0 &&
    edges.added.length + edges.removed.length === 0 &&
    parameters.added.length + parameters.removed.length + parameters.changed.length === 0
  );
}

function nodeRef(node: WorkflowNode): DiffNode {
  return { id: node.id, label: nodeLabel(node), type: node.data.type };
}

function nodeLabel(node: WorkflowNode | undefined): string {
  return node?.data.label.trim() || node?.id || '?';
}

/**
 * What a node holds beside its config (run settings, a pinned output) as a field of its
 * own; keys start with `@`, which config keys never do in the built-ins.
 */
function sideField(key: string, label: string, before: unknown, after: unknown): DiffField[] {
  return sameValue(before, after) ? [] : [{ key, label, before, after }];
}

function diffNode(before: WorkflowNode, after: WorkflowNode, fields: Map<string, ConfigField> | undefined, extra: DiffField[]): DiffNodeChange | null {
  const labelBefore = before.data.label === after.data.label ? null : nodeLabel(before);
  const moved = before.position.x !== after.position.x || before.position.y !== after.position.y;
  const keys = new Set([...Object.keys(before.data.config), ...Object.keys(after.data.config)]);
  const changedFields: DiffField[] = [];
  for (const key of keys) {
    const was = before.data.config[key];
    const is = after.data.config[key];
    if (sameValue(was, is)) continue;
    const field = fields?.get(key);
    changedFields.push({ key, label: field?.label ?? key, before: shown(field, was), after: shown(field, is) });
  }
  changedFields.push(...extra);
  if (labelBefore === null && !moved && changedFields.length === 0) return null;
  return { ...nodeRef(after), labelBefore, moved, fields: changedFields };
}

function shown(field: ConfigField | undefined, value: unknown): unknown {
  if (field?.kind !== 'secret' || value === undefined || value === null || value === '') return value;
  return typeof value === 'string' && SECRET_REFERENCE.test(value) ? value : HIDDEN_SECRET_VALUE;
}

function edgeKey(edge: WorkflowEdge): string {
  return JSON.stringify([edge.source, edge.sourceHandle, edge.target, edge.targetHandle]);
}

function edgeRef(edge: WorkflowEdge, nodes: Map<string, WorkflowNode>): DiffEdge {
  return {
    source: edge.source,
    sourceLabel: nodeLabel(nodes.get(edge.source)),
    sourceHandle: edge.sourceHandle,
    target: edge.target,
    targetLabel: nodeLabel(nodes.get(edge.target)),
    targetHandle: edge.targetHandle,
  };
}

function diffParameters(before: WorkflowDocument['globalParameters'], after: WorkflowDocument['globalParameters']): WorkflowDiff['parameters'] {
  const added: DiffParameter[] = [];
  const removed: DiffParameter[] = [];
  const changed: DiffParameter[] = [];
  for (const [key, param] of Object.entries(after)) {
    const old = before[key];
    if (!old) added.push({ key, before: null, after: param.value });
    else if (old.value !== param.value || old.description !== param.description) changed.push({ key, before: old.value, after: param.value });
  }
  for (const [key, param] of Object.entries(before)) {
    if (!(key in after)) removed.push({ key, before: param.value, after: null });
  }
  return { added, removed, changed };
}

/** Deep equality of JSON values, key order ignored. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}
