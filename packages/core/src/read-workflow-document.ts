import { newerDocumentIssue } from './validate-workflow.js';
import { WORKFLOW_SCHEMA_VERSION, type WorkflowDocument, workflowDocumentSchema } from './workflow.js';

type JsonObject = Record<string, unknown>;

/**
 * One step up the document's schema: the migration keyed `v` in {@link DOCUMENT_MIGRATIONS}
 * takes a version-`v` document (parsed JSON, not yet schema-checked) to version `v + 1`.
 * Pure, and never changes its argument.
 */
export type DocumentMigration = (document: Readonly<JsonObject>) => JsonObject;

/**
 * What a node type contributes to reading old documents: its current `version` and, once
 * its config has changed shape, `migrate`. `@weft/nodes`' `NodeType` has this shape (any
 * `NodeDefinition` does, without `migrate`), so the server passes its catalogue as is.
 * `migrate` is called for a node whose `data.version` is below `version` (a node without
 * one counts as version 1, where every type started) with that older version, and returns
 * the config as `version` expects it; the node is then stamped with `version`.
 */
export interface NodeConfigMigration {
  readonly type: string;
  readonly version: number;
  readonly migrate?: (config: Readonly<Record<string, unknown>>, fromVersion: number) => Record<string, unknown>;
}

export type WorkflowDocumentErrorCode = 'not_json' | 'newer_schema_version' | 'node_migration_failed' | 'invalid';

/** A stored or imported document that cannot be read, with a message for a person. */
export class WorkflowDocumentError extends Error {
  constructor(
    readonly code: WorkflowDocumentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorkflowDocumentError';
  }
}

/**
 * Version 0: documents from before `schemaVersion` existed. They could leave out what the
 * schema has since defaulted (the first API accepted `{ nodes: [{ id, position, data: {
 * label, type } }] }` with bare `{ id, source, sourceHandle, target, targetHandle }` edges):
 * the node and edge `type`, node `config`, edge `data`, the lists and the parameters.
 */
function fromUnversioned(document: Readonly<JsonObject>): JsonObject {
  return {
    ...document,
    schemaVersion: 1,
    nodes: mapList(document.nodes, (node) => ({
      ...node,
      type: node.type ?? 'custom',
      data: isObject(node.data) ? { ...node.data, config: node.data.config ?? {} } : node.data,
    })),
    edges: mapList(document.edges, (edge) => ({ ...edge, type: edge.type ?? 'custom', data: edge.data ?? {} })),
    globalParameters: document.globalParameters ?? {},
  };
}

/** Document migrations by the version they upgrade from; one for every version below {@link WORKFLOW_SCHEMA_VERSION}. */
export const DOCUMENT_MIGRATIONS: ReadonlyMap<number, DocumentMigration> = new Map([[0, fromUnversioned]]);

/**
 * Brings a parsed document up to this code: the document migrations from its
 * `schemaVersion` (missing: 0) to {@link WORKFLOW_SCHEMA_VERSION}, then each node's config
 * migration (see {@link NodeConfigMigration}). Throws a {@link WorkflowDocumentError} for a
 * document newer than the code or a node migration that fails; anything else odd is left
 * for the schema to refuse. Nodes newer than their type, or of types not given, are left
 * as they are: `configIssues` ignores keys it does not know.
 */
export function migrateWorkflowDocument(input: unknown, nodeTypes: readonly NodeConfigMigration[] = []): unknown {
  if (!isObject(input)) return input;
  const from = input.schemaVersion ?? 0;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0) return input;
  const newer = newerDocumentIssue(from);
  if (newer) throw new WorkflowDocumentError('newer_schema_version', newer.message);
  let document: JsonObject = input;
  for (let version = from; version < WORKFLOW_SCHEMA_VERSION; version++) {
    const step = DOCUMENT_MIGRATIONS.get(version);
    if (!step) throw new Error(`No workflow document migration from version ${version}`);
    document = step(document);
  }
  return migrateNodes(document, nodeTypes);
}

/**
 * A workflow document as this code understands it, from its JSON text (a string is parsed)
 * or an already parsed value: migrated ({@link migrateWorkflowDocument}), then checked with
 * `workflowDocumentSchema`. The one way stored documents are read. Throws a
 * {@link WorkflowDocumentError} saying what is wrong.
 */
export function readWorkflowDocument(json: unknown, nodeTypes: readonly NodeConfigMigration[] = []): WorkflowDocument {
  let input = json;
  if (typeof json === 'string') {
    try {
      input = JSON.parse(json);
    } catch (error) {
      throw new WorkflowDocumentError('not_json', `The workflow document is not valid JSON (${(error as Error).message})`);
    }
  }
  const parsed = workflowDocumentSchema.safeParse(migrateWorkflowDocument(input, nodeTypes));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new WorkflowDocumentError('invalid', `The workflow document is not valid: ${path}${issue?.message ?? 'unknown problem'}`);
  }
  return parsed.data;
}

function migrateNodes(document: JsonObject, nodeTypes: readonly NodeConfigMigration[]): JsonObject {
  const migrations = new Map(nodeTypes.filter((t) => t.migrate).map((t) => [t.type, t]));
  if (migrations.size === 0 || !Array.isArray(document.nodes)) return document;
  return { ...document, nodes: document.nodes.map((node) => migrateNode(node, migrations)) };
}

function migrateNode(node: unknown, migrations: ReadonlyMap<string, NodeConfigMigration>): unknown {
  if (!isObject(node) || !isObject(node.data) || typeof node.data.type !== 'string') return node;
  const { data } = node;
  const type = migrations.get(data.type as string);
  const from = typeof data.version === 'number' ? data.version : 1;
  if (!type?.migrate || from >= type.version) return node;
  let config: Record<string, unknown>;
  try {
    config = type.migrate(isObject(data.config) ? data.config : {}, from);
  } catch (error) {
    const name = typeof data.label === 'string' && data.label !== '' ? data.label : String(node.id);
    throw new WorkflowDocumentError(
      'node_migration_failed',
      `Node "${name}" (${type.type}) could not be upgraded from version ${from} to ${type.version}: ${(error as Error).message}`,
    );
  }
  return { ...node, data: { ...data, version: type.version, config } };
}

/** `list` with `upgrade` applied to its objects; a missing list becomes empty, anything else is left for the schema. */
function mapList(list: unknown, upgrade: (item: JsonObject) => JsonObject): unknown {
  if (list === undefined || list === null) return [];
  return Array.isArray(list) ? list.map((item) => (isObject(item) ? upgrade(item) : item)) : list;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
