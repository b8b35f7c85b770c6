import { type NodeDefinition, readWorkflowImport, type WorkflowDocument } from '@weft/core';

export type FileRead = { ok: true; document: WorkflowDocument } | { ok: false; message: string };

/**
 * Reads a workflow file chosen for import into the open editor: the export format
 * (`"weft": "workflow"`) or a bare document with a `nodes` list, checked by the same core
 * function as the server's import and save (so what imports here also saves). Every
 * refusal says what is wrong with the file; nothing is changed until it reads cleanly.
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
 * The second step: the object is a workflow that opens with these definitions, read by
 * core's `readWorkflowImport`, the check the server's import and save apply (schema,
 * graph, config values, pinned data), so a file refused there is refused here in the same
 * words. Separate so that an import can re-point the nodes of custom types between the
 * two steps. Node config migrations are functions and stay on the server; the saved copy
 * passes through them.
 */
export function readWorkflowInput(input: Record<string, unknown>, definitions: readonly NodeDefinition[]): FileRead {
  const check = readWorkflowImport(input, definitions);
  return check.ok ? { ok: true, document: check.document } : { ok: false, message: check.message };
}
