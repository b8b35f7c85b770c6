import { type ExecutionEdge, emptyNodeResult, type RunDataMode, type RunEvent } from '@weft/core';
import type { NodeResult } from './execution-types.js';

/**
 * What a finished run stores, and how its stored events become whole again for replay.
 *
 * No value is stored twice: a node's inputs and outputs live in the `nodes` column and the
 * run's outputs in `outputs`, so the stored events leave them out (node:started without
 * `inputs`, node:finished and run:finished without `outputs`); replay puts them back from
 * those columns. Before this every value was written two or three times (event, node
 * result, run outputs), and serialising them was most of a run's storage cost.
 *
 * The same holds inside the `nodes` column (packNodes): an input that is an upstream
 * node's output (the common case: a chain hands each value on) is stored as a reference
 * to it, fields at their empty value are left out, and the stored events leave out the
 * run id (the row's own id). A 100-node chain's row went from 87 KB to about 45 KB.
 */

/**
 * The events as stored: the same list (sequence numbers are indices) without repeated
 * values. A value set to `undefined` is left out by JSON.stringify, and copying with an
 * override is V8's fast path where taking a key out with a rest pattern is not; this runs
 * for every event of every stored run.
 *
 * A node's lifecycle events say little its result does not: a node run once starts at its
 * `startedAt` and finishes at its `finishedAt` with its duration and outputs. Those two are
 * stored as a marker in their place (`s<node id>`, `f<node id>`), and a queued event as
 * `q<at>:<node id>`; they were about a third of a stored row. Only what `nodes` gives back
 * exactly is marked (checked here, times to the millisecond), so replay rebuilds the same
 * events in the same places; anything else (a retried node, a pinned one's `source`) is
 * stored as before.
 */
export function slimEvents(events: readonly RunEvent[], nodes: Readonly<Record<string, NodeResult>> = {}): (object | string)[] {
  return events.map((event) => {
    switch (event.type) {
      case 'node:queued':
        return Number.isInteger(event.at) ? `q${event.at}:${event.nodeId}` : { ...event, runId: undefined };
      case 'node:started':
        return startImplied(event, nodes[event.nodeId]) ? `s${event.nodeId}` : { ...event, runId: undefined, inputs: undefined };
      case 'node:finished':
        return finishImplied(event, nodes[event.nodeId]) ? `f${event.nodeId}` : { ...event, runId: undefined, outputs: undefined };
      case 'run:finished':
        return { ...event, runId: undefined, outputs: undefined };
      default:
        return { ...event, runId: undefined };
    }
  });
}

function startImplied(event: Extract<RunEvent, { type: 'node:started' }>, node: NodeResult | undefined): boolean {
  return (
    node !== undefined &&
    event.attempt === 1 &&
    node.attempts === 1 &&
    event.maxAttempts === undefined &&
    node.maxAttempts === undefined &&
    node.startedAt !== null &&
    Date.parse(node.startedAt) === event.at
  );
}

function finishImplied(event: Extract<RunEvent, { type: 'node:finished' }>, node: NodeResult | undefined): boolean {
  return (
    node !== undefined &&
    event.source === undefined &&
    node.source === undefined &&
    node.status === 'success' &&
    node.durationMs === event.durationMs &&
    node.finishedAt !== null &&
    Date.parse(node.finishedAt) === event.at
  );
}

/** Stored events with their values back from the `nodes` and `outputs` columns (events stored whole pass as they are). */
export function wholeEvents(
  stored: readonly (Record<string, unknown> | string)[],
  nodes: Readonly<Record<string, NodeResult>>,
  outputs: Readonly<Record<string, unknown>>,
  runId: string,
): RunEvent[] {
  return stored.map((slim) => {
    if (typeof slim === 'string') return markedEvent(slim, nodes, runId);
    const event = 'runId' in slim ? slim : { ...slim, runId };
    if (event.type === 'node:started' && !('inputs' in event)) return { ...event, inputs: nodes[event.nodeId as string]?.inputs ?? {} } as RunEvent;
    if (event.type === 'node:finished' && !('outputs' in event)) return { ...event, outputs: nodes[event.nodeId as string]?.outputs ?? {} } as RunEvent;
    if (event.type === 'run:finished' && !('outputs' in event)) return { ...event, outputs } as RunEvent;
    return event as unknown as RunEvent;
  });
}

/** A lifecycle event stored as a marker (slimEvents), rebuilt from its node's result. */
function markedEvent(marker: string, nodes: Readonly<Record<string, NodeResult>>, runId: string): RunEvent {
  if (marker.startsWith('q')) {
    const colon = marker.indexOf(':');
    return { type: 'node:queued', runId, at: Number(marker.slice(1, colon)), nodeId: marker.slice(colon + 1) };
  }
  const nodeId = marker.slice(1);
  const node = nodes[nodeId] ?? emptyNodeResult();
  if (marker.startsWith('s')) {
    return { type: 'node:started', runId, at: Date.parse(node.startedAt ?? ''), nodeId, attempt: 1, inputs: node.inputs ?? {} };
  }
  return { type: 'node:finished', runId, at: Date.parse(node.finishedAt ?? ''), nodeId, outputs: node.outputs ?? {}, durationMs: node.durationMs ?? 0 };
}

/** The node results a run keeps: whole, status and timings only (`outputs`), or none (`summary`). */
export function keptNodes(nodes: Readonly<Record<string, NodeResult>>, kept: RunDataMode): Record<string, NodeResult> {
  if (kept === 'all') return nodes as Record<string, NodeResult>;
  if (kept === 'summary') return {};
  const out: Record<string, NodeResult> = {};
  for (const id in nodes) {
    // An agent's steps hold its tools' arguments and results: values, like inputs and outputs.
    const { steps: _steps, ...rest } = nodes[id] as NodeResult;
    out[id] = { ...rest, inputs: null, outputs: null, logs: [] };
  }
  return out;
}

/** A stored row's events, whole (what replay sends); none when the run kept less than everything. */
export function storedEventsOf(row: { events: string | null; nodes: string; outputs: string | null }, executionId: string): RunEvent[] {
  if (!row.events) return [];
  return wholeEvents(
    JSON.parse(row.events) as (Record<string, unknown> | string)[],
    parseStoredNodes(row.nodes),
    row.outputs ? JSON.parse(row.outputs) : {},
    executionId,
  );
}

/** Where a packed node's input came from: `[node id, output port]`. */
type InputSource = readonly [string, string];
type PackedNode = Partial<NodeResult> & { inputsFrom?: Record<string, InputSource> };

/** Text longer than a reference to it, or any object: values worth storing as a reference. */
function referable(value: unknown): boolean {
  return typeof value === 'string' ? value.length > 24 : typeof value === 'object' && value !== null;
}

/**
 * The `nodes` column's form of the node results: null fields and empty logs left out, and
 * an input that is exactly what the node before it on an edge gave (the common case: a
 * chain hands each value on) stored as an `inputsFrom` reference `[node, port]`. The test
 * follows the run's edges and compares with `===`, which for the same string or object is
 * a pointer comparison; a value merged from several edges is stored whole. Without edges
 * (runs rebuilt from published events) nothing is referenced. `parseStoredNodes` reverses
 * it; rows written before it read as they are.
 */
export function packNodes(nodes: Readonly<Record<string, NodeResult>>, edges: readonly ExecutionEdge[] = []): Record<string, PackedNode> {
  const from = new Map<string, Record<string, InputSource>>();
  for (const edge of edges) {
    const value = nodes[edge.target]?.inputs?.[edge.targetHandle];
    if (!referable(value) || nodes[edge.source]?.outputs?.[edge.sourceHandle] !== value) continue;
    let sources = from.get(edge.target);
    if (!sources) {
      sources = {};
      from.set(edge.target, sources);
    }
    sources[edge.targetHandle] = [edge.source, edge.sourceHandle];
  }
  const packed: Record<string, PackedNode> = {};
  for (const id in nodes) packed[id] = packNode(nodes[id] as NodeResult, from.get(id));
  return packed;
}

function packNode(result: NodeResult, inputsFrom: Record<string, InputSource> | undefined): PackedNode {
  const out: PackedNode = { status: result.status, attempts: result.attempts };
  if (result.maxAttempts !== undefined) out.maxAttempts = result.maxAttempts;
  if (result.source !== undefined) out.source = result.source;
  if (result.startedAt !== null) out.startedAt = result.startedAt;
  if (result.finishedAt !== null) out.finishedAt = result.finishedAt;
  if (result.durationMs !== null) out.durationMs = result.durationMs;
  if (result.inputs !== null) {
    if (inputsFrom) {
      out.inputsFrom = inputsFrom;
      let rest: Record<string, unknown> | undefined;
      for (const port in result.inputs) {
        if (port in inputsFrom) continue;
        rest ??= {};
        rest[port] = result.inputs[port];
      }
      if (rest) out.inputs = rest;
    } else out.inputs = result.inputs;
  }
  if (result.outputs !== null) out.outputs = result.outputs;
  if (result.error !== null) out.error = result.error;
  if (result.skipReason !== null) out.skipReason = result.skipReason;
  if (result.logs.length > 0) out.logs = result.logs;
  if (result.steps && result.steps.length > 0) out.steps = result.steps;
  return out;
}

/** The `nodes` column read back into whole node results (packed or written before packing). */
export function parseStoredNodes(text: string): Record<string, NodeResult> {
  const stored = JSON.parse(text) as Record<string, PackedNode>;
  const nodes: Record<string, NodeResult> = {};
  for (const id in stored) {
    const { inputsFrom, ...rest } = stored[id] as PackedNode;
    nodes[id] = { ...emptyNodeResult(), ...rest };
    if (inputsFrom) nodes[id].inputs = { ...rest.inputs };
  }
  for (const id in stored) {
    const from = stored[id]?.inputsFrom;
    const inputs = nodes[id]?.inputs;
    if (!from || !inputs) continue;
    for (const port in from) {
      const [source, sourcePort] = from[port] as InputSource;
      inputs[port] = nodes[source]?.outputs?.[sourcePort];
    }
  }
  return nodes;
}
