import type { z } from 'zod';
import { configValueIssues } from './config-values.js';
import type { NodeDefinition } from './node-definition.js';
import { pinDataIssues } from './pinned-data.js';
import { migrateWorkflowDocument, WorkflowDocumentError } from './read-workflow-document.js';
import { validateWorkflow } from './validate-workflow.js';
import { DEFAULT_WORKFLOW_NAME, type WorkflowDocument, workflowDocumentSchema } from './workflow.js';

/**
 * The gate a workflow document passes before it is stored, and the check an import is
 * read with: the server's create, save, duplicate and import, and the editor's import into
 * the open canvas, all call these, so a file the editor accepts also saves, and both refuse
 * a broken one with the same words.
 */

/** `schema`: the JSON is not shaped like a document; `graph`: it is, but its graph or config is unsound. */
export type DocumentCheck = { ok: true; document: WorkflowDocument } | { ok: false; stage: 'schema' | 'graph'; message: string };

/**
 * Upgrades a workflow document, parses it, checks its graph against the catalogue, its
 * config values against their fields and its pinned data against the ports. `field`
 * prefixes schema messages so they name the field as the client sent it (e.g.
 * `document.nodes.0.id`). The definitions are the caller's catalogue; a node type's
 * `migrate` (the server's built-ins carry one) upgrades older nodes' config.
 *
 * Empty config fields pass even when required: users save unfinished workflows, templates
 * are made with files and secrets still to fill in, and the editor's setup bar lists what
 * is missing. Nodes of unknown types are reported by the graph check only.
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
 * Reads an imported file: the export format (`"weft": "workflow"`) or a bare document
 * with a `nodes` list, named "My First Automation" when it has no name. Anything else is
 * refused with a message saying what the file is instead. The custom node types an export
 * carries (`customNodes`) are the caller's to read first; the schema leaves them out.
 */
export function readWorkflowImport(input: unknown, definitions: readonly NodeDefinition[]): DocumentCheck {
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

/** A new workflow's input with the default name when none is given (SPEC.md section 3). */
export function withDefaultName(input: unknown): unknown {
  if (input === undefined || input === null) return { name: DEFAULT_WORKFLOW_NAME };
  if (isPlainObject(input) && input.name === undefined) return { ...input, name: DEFAULT_WORKFLOW_NAME };
  return input;
}

/** Config values that do not fit their field, as `Node "Fetch Feed": URL must be text`. */
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
