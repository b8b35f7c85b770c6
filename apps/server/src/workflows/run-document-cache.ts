import type { WorkflowDocument } from '@weft/core';
import { readStoredWorkflow } from './workflow-document.js';

/** Workflows whose parsed document is kept; the least recently read goes first. */
const MAX_ENTRIES = 256;

const cache = new Map<string, { json: string; document: WorkflowDocument }>();

/**
 * A stored workflow's document as a run starts from it: {@link readStoredWorkflow}, but
 * parsed once per version of the text rather than per run. Parsing and schema-checking
 * the document was about 8 µs per node of every webhook call (bench/README.md, Weft
 * beside Node-RED), and a busy webhook runs the same text thousands of times.
 *
 * The entry is reused only when the stored text is the same (a string comparison, far
 * cheaper than the parse), so an edited workflow is read afresh on its next run. The
 * document is shared by concurrent runs, so it is frozen: a run that tried to change it
 * would fail loudly instead of changing what the next run sees. Only runs read through
 * here; the API's own reads stay with readStoredWorkflow and get a private copy.
 */
export function readRunDocument(workflowId: string, json: string): WorkflowDocument {
  const hit = cache.get(workflowId);
  if (hit && hit.json === json) {
    // Re-insert so the Map's order stays least recently used first.
    cache.delete(workflowId);
    cache.set(workflowId, hit);
    return hit.document;
  }
  const document = deepFreeze(readStoredWorkflow(json));
  cache.delete(workflowId);
  cache.set(workflowId, { json, document });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return document;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
