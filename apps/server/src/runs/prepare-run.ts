import { type SeededOutputs, secretNamesIn, type WorkflowDocument } from '@weft/core';
import { planRun, typesOf } from './plan-run.js';
import type { RunDependencies } from './run-dependencies.js';
import { type PreparedRun, prepareNodes } from './run-executors.js';
import { RunRecorder } from './run-recorder.js';

export type RunPreparation = ({ ok: true; recorder: RunRecorder } & PreparedRun) | { ok: false; message: string };

/**
 * Everything a run needs before the engine starts: the user's node types and secrets,
 * the checked plan, the config with secrets and parameters filled in, and a recorder
 * that masks those secrets. The API does this to refuse a run at once; a scale-out
 * worker does it again with the same code before it runs the execution.
 */
export async function prepareRun(
  deps: RunDependencies,
  userId: string,
  document: WorkflowDocument,
  /** Pinned or reused outputs of nodes not to call (scope-run.ts). */
  seeded: Readonly<Record<string, SeededOutputs>> = {},
): Promise<RunPreparation> {
  const [nodeType, secrets] = await Promise.all([deps.nodeTypes(userId, typesOf(document)), secretsOf(deps, userId)]);
  if (!secrets.ok) return secrets;
  const planned = planRun(document, nodeType, seeded);
  if (!planned.ok) return planned;
  const secretValues = Object.values(secrets.values);
  if (deps.secretsUsed && secretValues.length > 0) deps.secretsUsed(userId, referencedSecrets(document, secrets.values));
  const keep = document.settings?.successfulRunData ?? deps.successfulRunData ?? 'all';
  const recorder = new RunRecorder(secretValues.length > 0 ? deps.createMasker(secretValues) : null, keep, planned.plan.edges);
  return { ok: true, recorder, ...prepareNodes({ ...planned.plan, seeded }, document.globalParameters, secrets.values) };
}

async function secretsOf(
  deps: RunDependencies,
  userId: string,
): Promise<{ ok: true; values: Readonly<Record<string, string>> } | { ok: false; message: string }> {
  try {
    return { ok: true, values: await deps.secretValues(userId) };
  } catch (error) {
    // A secret that cannot be decrypted (a changed key): the message says what to do.
    if (error instanceof Error && error.name === 'SecretDecryptError') return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * The names `{{secrets.NAME}}` in a document's node configs and parameters, scanned once
 * per document: a busy webhook's runs share one frozen document (run-document-cache.ts).
 */
const namedSecrets = new WeakMap<WorkflowDocument, readonly string[]>();

/** The user's secrets that the document names. */
function referencedSecrets(document: WorkflowDocument, values: Readonly<Record<string, string>>): string[] {
  let names = namedSecrets.get(document);
  if (!names) {
    names = secretNamesIn(JSON.stringify([document.nodes.map((node) => node.data.config), document.globalParameters]));
    namedSecrets.set(document, names);
  }
  return names.filter((name) => name in values);
}
