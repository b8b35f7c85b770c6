import {
  DEFAULT_WORKFLOW_NAME,
  migrateWorkflowDocument,
  type NodeDefinition,
  validateWorkflow,
  type WorkflowDocument,
  WorkflowDocumentError,
  workflowDocumentSchema,
} from '@weft/core';

export type FileRead = { ok: true; document: WorkflowDocument } | { ok: false; message: string };

/**
 * Reads a workflow file chosen for import into the open editor: the export format
 * (`"weft": "workflow"`) or a bare document with a `nodes` list, checked with the same
 * schema and graph rules the server applies (so what imports here also saves). Every
 * refusal says what is wrong with the file; nothing is changed until it reads cleanly.
 * The server's import route words its refusals the same way.
 */
export function readWorkflowFile(text: string, definitions: readonly NodeDefinition[]): FileRead {
  const parsed = parseWorkflowJson(text);
  return parsed.ok ? readWorkflowInput(parsed.input, definitions) : parsed;
}

export type JsonRead = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

/** The first step of `readWorkflowFile`: the file is one JSON object. */
export function parseWorkflowJson(text: string): JsonRead {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return { ok: false, message: 'That file is not valid JSON, so it cannot be a Weft workflow. Your open workflow is unchanged.' };
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return {
      ok: false,
      message: `A workflow file holds one JSON object, but this one holds ${Array.isArray(input) ? 'a list' : String(input === null ? 'null' : `a ${typeof input}`)}.`,
    };
  }
  return { ok: true, input: input as Record<string, unknown> };
}

/**
 * The second step: the object is a workflow that opens with these definitions. Separate
 * so that an import can re-point the nodes of custom types between the two steps.
 */
export function readWorkflowInput(input: Record<string, unknown>, definitions: readonly NodeDefinition[]): FileRead {
  const { weft, ...rest } = input;
  if (weft !== undefined && weft !== 'workflow') {
    return { ok: false, message: 'This is a Weft file of another kind, not a workflow export ("weft" must be "workflow").' };
  }
  if (weft === undefined && !Array.isArray(rest.nodes)) {
    return { ok: false, message: 'This is not a Weft workflow: expected an export with "weft": "workflow", or a workflow document with a "nodes" list.' };
  }
  // The same document migrations the server applies (core read-workflow-document.ts), so an
  // older export opens here as it imports there. Node config migrations are functions and
  // stay on the server; the saved copy passes through them.
  let migrated: unknown;
  try {
    migrated = migrateWorkflowDocument(rest.name === undefined ? { ...rest, name: DEFAULT_WORKFLOW_NAME } : rest, definitions);
  } catch (error) {
    if (error instanceof WorkflowDocumentError) return { ok: false, message: `This workflow cannot be opened: ${error.message}` };
    throw error;
  }
  const parsed = workflowDocumentSchema.safeParse(migrated);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.');
    return { ok: false, message: `Not a valid Weft workflow file: ${path ? `${path}: ` : ''}${issue?.message ?? 'invalid document'}` };
  }
  const [first, ...more] = validateWorkflow(parsed.data, definitions);
  if (first)
    return {
      ok: false,
      message: `This workflow cannot be opened: ${first.message}${more.length ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : ''}`,
    };
  return { ok: true, document: parsed.data };
}
