import {
  configValueIssues,
  DEFAULT_WORKFLOW_NAME,
  migrateWorkflowDocument,
  type NodeDefinition,
  pinDataIssues,
  readWorkflowDocument,
  validateWorkflow,
  type WorkflowDocument,
  WorkflowDocumentError,
  workflowDocumentSchema,
} from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import type { z } from 'zod';
import type { ExportedCustomNode } from '../custom-nodes/custom-nodes.service.js';

/** The export file: the document, tagged so that an import can tell it from other JSON. */
export interface WorkflowExport extends WorkflowDocument {
  weft: 'workflow';
  /** The custom node types the workflow uses, so another account can import it whole. */
  customNodes?: ExportedCustomNode[];
}

/** `schema`: the JSON is not shaped like a document; `graph`: it is, but its graph is unsound. */
export type DocumentCheck = { ok: true; document: WorkflowDocument } | { ok: false; stage: 'schema' | 'graph'; message: string };

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

/**
 * Upgrades a workflow document, parses it, checks its graph against the catalogue and its
 * config values against their fields: the gate every stored workflow passes, whatever
 * route it came in through. `field` prefixes schema messages so they name the field as
 * the client sent it (e.g. `document.nodes.0.id`). The definitions (the caller's
 * catalogue, with the built-ins' config migrations) are what older nodes are upgraded by.
 */
export function checkWorkflowDocument(input: unknown, definitions: readonly NodeDefinition[], field?: string): DocumentCheck {
  let migrated: unknown;
  try {
    migrated = migrateWorkflowDocument(input, definitions);
  } catch (error) {
    if (!(error instanceof WorkflowDocumentError)) throw error;
    return { ok: false, stage: error.code === 'newer_schema_version' ? 'graph' : 'schema', message: error.message };
  }
  const parsed = workflowDocumentSchema.safeParse(migrated);
  if (!parsed.success) return { ok: false, stage: 'schema', message: describeIssue(parsed.error, field) };
  const problems = [
    ...validateWorkflow(parsed.data, definitions).map((issue) => issue.message),
    ...configProblems(parsed.data, definitions),
    ...pinDataIssues(parsed.data, definitions).map((issue) => issue.message),
  ];
  const [first, ...rest] = problems;
  if (first) return { ok: false, stage: 'graph', message: rest.length > 0 ? `${first} (and ${plural(rest.length, 'more problem')})` : first };
  return { ok: true, document: parsed.data };
}

/**
 * Config values that do not fit their field, as `Node "Fetch Feed": URL must be text`.
 * Empty fields pass even when required: users save unfinished workflows, templates are
 * made with files and secrets still to fill in, and the editor's setup bar lists what is
 * missing. Nodes of unknown types are left to validateWorkflow, which reports them.
 */
function configProblems(document: WorkflowDocument, definitions: readonly NodeDefinition[]): string[] {
  const byType = new Map(definitions.map((definition) => [definition.type, definition]));
  const problems: string[] = [];
  for (const node of document.nodes) {
    const definition = byType.get(node.data.type);
    if (!definition) continue;
    const name = node.data.label.trim() || node.id;
    for (const issue of configValueIssues(definition, node.data.config)) problems.push(`Node "${name}": ${issue.message}`);
  }
  return problems;
}

/** A new workflow's input with the default name when none is given (SPEC.md section 3). */
export function withDefaultName(input: unknown): unknown {
  if (input === undefined || input === null) return { name: DEFAULT_WORKFLOW_NAME };
  if (isPlainObject(input) && input.name === undefined) return { ...input, name: DEFAULT_WORKFLOW_NAME };
  return input;
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

/**
 * Reads an imported file: the export format (`"weft": "workflow"`) or a bare document
 * with a `nodes` list. Anything else is refused with a message saying what the file is
 * instead, before any workflow is created.
 */
export function readImport(input: unknown, definitions: readonly NodeDefinition[]): DocumentCheck {
  if (!isPlainObject(input)) {
    return { ok: false, stage: 'schema', message: `A workflow file holds one JSON object, but this one holds ${describeJson(input)}.` };
  }
  const { weft, ...rest } = input;
  if (weft !== undefined && weft !== 'workflow') {
    const what = typeof weft === 'string' ? `a Weft "${weft.slice(0, 50)}" file` : 'a file with an unknown "weft" tag';
    return { ok: false, stage: 'schema', message: `This is ${what}, not a workflow export ("weft" must be "workflow").` };
  }
  if (weft === undefined && !Array.isArray(input.nodes)) {
    return {
      ok: false,
      stage: 'schema',
      message: 'This is not a Weft workflow: expected an export with "weft": "workflow", or a workflow document with a "nodes" list.',
    };
  }
  const check = checkWorkflowDocument(withDefaultName(rest), definitions);
  // A field path alone reads as a bug report; say first that the file is not ours.
  if (!check.ok && check.stage === 'schema') return { ...check, message: `Not a valid Weft workflow file: ${check.message}` };
  return check;
}

function describeIssue(error: z.ZodError, field: string | undefined): string {
  const issue = error.issues[0];
  const path = [...(field ? [field] : []), ...(issue?.path ?? []).map(String)];
  return `${path.length > 0 ? `${path.join('.')}: ` : ''}${issue?.message ?? 'Invalid workflow'}`;
}

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
