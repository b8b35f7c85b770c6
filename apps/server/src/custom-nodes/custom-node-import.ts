import { type CustomNodeInput, customNodeDefinition, customNodeInputSchema, type NodeDefinition, uniqueCustomNodeType } from '@weft/core';

/** A custom type as an export file carries it (docs/API.md, "customNodes"). */
export interface ExportedCustomNode {
  type: string;
  definition: NodeDefinition;
  code: string;
}

/**
 * Importing the custom node types an export carries (`customNodes`) into the importing
 * user's account. Pure: it reads the file and plans; `CustomNodesService.importTypes`
 * carries the plan out, for the workflow import and for `POST /api/custom-nodes/import`
 * (the editor's import of a file into the open canvas).
 *
 * For each type (of a workflow import: each type the workflow's nodes use):
 * - the user has the same type id with the same definition and code → used as it is;
 * - the user has an identical type under another id → the nodes are re-pointed to it;
 * - the id is free → created under that id;
 * - the id is taken by a different definition → created under a new id (`-2`, …) and
 *   the nodes re-pointed, so the user's own type is never overwritten.
 */

const TYPE_PATTERN = /^custom\.[a-z0-9][a-z0-9-]*$/;
const MAX_ENTRIES = 100;

export interface ImportedCustomNode {
  /** The id the file uses. */
  type: string;
  input: CustomNodeInput;
}

export interface CustomNodeImportPlan {
  /** Types to create, under these ids. */
  create: { type: string; input: CustomNodeInput }[];
  /** File type id → the user's type id, for nodes that must be re-pointed. */
  retype: Map<string, string>;
  /** Every custom definition the workflow may use once the plan is carried out. */
  definitions: NodeDefinition[];
}

export type ReadCustomNodes = { ok: true; entries: ImportedCustomNode[] } | { ok: false; message: string };

/** Reads and checks the file's `customNodes` list (absent: none), with the same rules as the API. */
export function readExportedCustomNodes(file: unknown): ReadCustomNodes {
  const list = isPlainObject(file) ? file.customNodes : undefined;
  if (list === undefined || list === null) return { ok: true, entries: [] };
  if (!Array.isArray(list)) return { ok: false, message: 'customNodes: expected a list of custom node types' };
  if (list.length > MAX_ENTRIES) return { ok: false, message: `customNodes: a workflow file carries at most ${MAX_ENTRIES} custom node types` };
  const entries: ImportedCustomNode[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of list.entries()) {
    const where = `customNodes.${index}`;
    if (!isPlainObject(entry) || typeof entry.type !== 'string' || !TYPE_PATTERN.test(entry.type)) {
      return { ok: false, message: `${where}.type: expected a custom node type id such as "custom.word-count"` };
    }
    if (seen.has(entry.type)) return { ok: false, message: `${where}.type: "${entry.type}" is listed twice` };
    seen.add(entry.type);
    if (!isPlainObject(entry.definition)) return { ok: false, message: `${where}.definition: expected the node type's definition (an object)` };
    const parsed = customNodeInputSchema.safeParse({ ...entry.definition, category: undefined, code: entry.code });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.length ? `.${issue.path.join('.')}` : '';
      return { ok: false, message: `${where} (${entry.type})${path}: ${issue?.message ?? 'invalid custom node type'}` };
    }
    entries.push({ type: entry.type, input: parsed.data });
  }
  return { ok: true, entries };
}

/**
 * Decides what to create and which nodes to re-point; `existing` is all of the user's
 * types. With `usedTypes`, entries outside it are left out (a file may list more).
 */
export function planCustomNodeImport(
  entries: readonly ImportedCustomNode[],
  existing: readonly ExportedCustomNode[],
  usedTypes?: ReadonlySet<string>,
): CustomNodeImportPlan {
  const byFingerprint = new Map(existing.map((node) => [fingerprintOf(node.definition, node.code), node.type]));
  const taken = new Set(existing.map((node) => node.type));
  const plan: CustomNodeImportPlan = { create: [], retype: new Map(), definitions: existing.map((node) => node.definition) };
  for (const entry of entries) {
    // Types the workflow does not use are not imported: the file may list more.
    if (usedTypes && !usedTypes.has(entry.type)) continue;
    const fingerprint = fingerprintOf(customNodeDefinition(entry.type, 1, entry.input), entry.input.code);
    const identical = byFingerprint.get(fingerprint);
    if (identical !== undefined) {
      if (identical !== entry.type) plan.retype.set(entry.type, identical);
      continue;
    }
    const type = taken.has(entry.type) ? uniqueCustomNodeType(entry.input.title, (t) => taken.has(t)) : entry.type;
    taken.add(type);
    byFingerprint.set(fingerprint, type);
    if (type !== entry.type) plan.retype.set(entry.type, type);
    plan.create.push({ type, input: entry.input });
    plan.definitions.push(customNodeDefinition(type, 1, entry.input));
  }
  return plan;
}

/** The `data.type` of every node in a raw file, whatever else is wrong with it. */
export function nodeTypesIn(file: unknown): Set<string> {
  const types = new Set<string>();
  const nodes = isPlainObject(file) ? file.nodes : undefined;
  if (!Array.isArray(nodes)) return types;
  for (const node of nodes) {
    const type = isPlainObject(node) && isPlainObject(node.data) ? node.data.type : undefined;
    if (typeof type === 'string') types.add(type);
  }
  return types;
}

/** The file with its nodes re-pointed to the types the plan chose (untouched when none). */
export function retypeNodes(file: unknown, retype: ReadonlyMap<string, string>): unknown {
  if (retype.size === 0 || !isPlainObject(file) || !Array.isArray(file.nodes)) return file;
  const nodes = file.nodes.map((node: unknown) => {
    if (!isPlainObject(node) || !isPlainObject(node.data) || typeof node.data.type !== 'string') return node;
    const type = retype.get(node.data.type);
    return type ? { ...node, data: { ...node.data, type } } : node;
  });
  return { ...file, nodes };
}

/**
 * What makes two custom types the same: everything the user declared, not the id,
 * version or key order. Stored definitions and imported ones pass the same schema,
 * so defaults are filled alike.
 */
function fingerprintOf(definition: NodeDefinition, code: string): string {
  const { title, description, inputs, outputs, config } = definition;
  return canonicalJson({ title, description, inputs, outputs, config, code });
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
