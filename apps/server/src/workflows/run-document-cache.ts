import type { WorkflowDocument } from '@weft/core';
import { readStoredWorkflow } from './workflow-document.js';

/** Workflows whose parsed document is kept; the least recently read goes first. */
const MAX_ENTRIES = 256;

interface Entry {
  readonly json: string;
  readonly document: WorkflowDocument;
  /** The stored version this text is, when the reader knew it. */
  version?: number;
}

const cache = new Map<string, Entry>();

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
export function readRunDocument(workflowId: string, json: string, version?: number): WorkflowDocument {
  const hit = cache.get(workflowId);
  if (hit && hit.json === json) {
    if (version !== undefined) hit.version = version;
    touch(workflowId, hit);
    return hit.document;
  }
  const document = deepFreeze(readStoredWorkflow(json));
  cache.delete(workflowId);
  cache.set(workflowId, { json, document, ...(version === undefined ? {} : { version }) });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return document;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * The parsed document of a workflow at the version it was last read with, if kept: a reader
 * that names this version in its query (workflow-statements.ts `webhooksWithWorkflow`) is
 * sent no text when it is still current, and takes the document from here.
 */
export function cachedRunDocument(workflowId: string): { readonly version: number; readonly json: string; readonly document: WorkflowDocument } | undefined {
  const hit = cache.get(workflowId);
  if (hit?.version === undefined) return undefined;
  touch(workflowId, hit);
  return { version: hit.version, json: hit.json, document: hit.document };
}

/** Re-inserts an entry so the Map's order stays least recently used first. */
function touch(workflowId: string, entry: Entry): void {
  cache.delete(workflowId);
  cache.set(workflowId, entry);
}
