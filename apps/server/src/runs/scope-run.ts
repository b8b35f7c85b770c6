import { planRunScope, type RunScope, type RunTarget, type RunTrigger, type SeededOutputs, type WorkflowDocument } from '@weft/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { parseStoredNodes } from './run-data-storage.js';

/** How many of the workflow's latest executions "Run this node" looks through for upstream outputs. */
export const EARLIER_RUNS_SEARCHED = 10;

export interface ScopeRequest {
  readonly userId: string;
  readonly workflowId: string;
  readonly trigger: RunTrigger;
  /** Run one node (reusing earlier upstream outputs) or up to one; absent: the whole workflow. */
  readonly target?: RunTarget | undefined;
}

export type ScopedRun =
  | {
      ok: true;
      /** The document with only the nodes this run touches (every edge kept, so input checks see them). */
      document: WorkflowDocument;
      /** Nodes fed their pins or an earlier run's outputs instead of being called. */
      seeded: Readonly<Record<string, SeededOutputs>>;
      /** Undefined for a whole run without pins: the document runs as it is. */
      scope: RunScope | undefined;
    }
  | { ok: false; message: string };

/**
 * Which part of a workflow a run calls (docs/ARCHITECTURE.md "Iterating on a workflow").
 * Pins apply to manual runs only: webhook, schedule and API runs are production and call
 * every node, as n8n ignores pinned data outside the editor. "Run this node" feeds its
 * upstream from the latest executions of the workflow by the same user, newest first per
 * node; what none of them kept (never ran, failed, cut for size) runs again.
 */
export async function scopeRun(db: Kysely<Database>, document: WorkflowDocument, request: ScopeRequest): Promise<ScopedRun> {
  const pins = request.trigger === 'manual' ? (document.pinData ?? {}) : {};
  const { target } = request;
  if (!target && Object.keys(pins).length === 0) return { ok: true, document, seeded: {}, scope: undefined };
  if (target && !document.nodes.some((node) => node.id === target.nodeId)) {
    return { ok: false, message: `Node "${target.nodeId}" is not in the saved workflow. Save the workflow, then run the node again.` };
  }
  const earlier = target?.mode === 'node' ? await earlierOutputs(db, request.userId, request.workflowId) : new Map<string, Record<string, unknown>>();
  const scope = planRunScope({
    nodeIds: document.nodes.map((node) => node.id),
    edges: document.edges,
    pinned: new Set(Object.keys(pins)),
    available: new Set(earlier.keys()),
    ...(target ? { target } : {}),
  });
  const seeded: Record<string, SeededOutputs> = {};
  for (const id of scope.pinned) seeded[id] = { outputs: pins[id] ?? {}, source: 'pinned' };
  for (const id of scope.reused) seeded[id] = { outputs: earlier.get(id) ?? {}, source: 'reused' };
  const kept = new Set([...scope.run, ...scope.pinned, ...scope.reused]);
  return { ok: true, document: { ...document, nodes: document.nodes.filter((node) => kept.has(node.id)) }, seeded, scope };
}

/**
 * Each node's outputs from the newest of the workflow's latest ended executions in which
 * it succeeded. Values cut for size (`$truncated`) cannot stand in for the real ones, so
 * such a node counts as not kept. Stored values are masked: a secret in an output comes
 * back as its mask.
 */
export async function earlierOutputs(db: Kysely<Database>, userId: string, workflowId: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = await db
    .selectFrom('executions')
    .select('nodes')
    .where('user_id', '=', userId)
    .where('workflow_id', '=', workflowId)
    .where('status', 'in', ['success', 'error', 'cancelled'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(EARLIER_RUNS_SEARCHED)
    .execute();
  const found = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const nodes = parseStoredNodes(row.nodes);
    for (const [nodeId, result] of Object.entries(nodes)) {
      if (found.has(nodeId) || result.status !== 'success' || !result.outputs || holdsTruncated(result.outputs)) continue;
      found.set(nodeId, result.outputs);
    }
  }
  return found;
}

/** Whether any output is only a preview (cut for size): such outputs cannot stand in for a call. */
export function holdsTruncated(outputs: Record<string, unknown>): boolean {
  return Object.values(outputs).some((value) => typeof value === 'object' && value !== null && (value as { $truncated?: unknown }).$truncated === true);
}
