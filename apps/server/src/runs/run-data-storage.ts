import type { RunDataMode, RunEvent } from '@weft/core';
import type { NodeResult } from './execution-types.js';

/**
 * What a finished run stores, and how its stored events become whole again for replay.
 *
 * No value is stored twice: a node's inputs and outputs live in the `nodes` column and the
 * run's outputs in `outputs`, so the stored events leave them out (node:started without
 * `inputs`, node:finished and run:finished without `outputs`); replay puts them back from
 * those columns. Before this every value was written two or three times (event, node
 * result, run outputs), and serialising them was most of a run's storage cost.
 */

/**
 * The events as stored: the same list (sequence numbers are indices) without repeated
 * values. A value set to `undefined` is left out by JSON.stringify, and copying with an
 * override is V8's fast path where taking a key out with a rest pattern is not; this runs
 * for every event of every stored run.
 */
export function slimEvents(events: readonly RunEvent[]): object[] {
  return events.map((event) => {
    switch (event.type) {
      case 'node:started':
        return { ...event, inputs: undefined };
      case 'node:finished':
      case 'run:finished':
        return { ...event, outputs: undefined };
      default:
        return event;
    }
  });
}

/** Stored events with their values back from the `nodes` and `outputs` columns (events stored whole pass as they are). */
export function wholeEvents(
  stored: readonly Record<string, unknown>[],
  nodes: Readonly<Record<string, NodeResult>>,
  outputs: Readonly<Record<string, unknown>>,
): RunEvent[] {
  return stored.map((event) => {
    if (event.type === 'node:started' && !('inputs' in event)) return { ...event, inputs: nodes[event.nodeId as string]?.inputs ?? {} } as RunEvent;
    if (event.type === 'node:finished' && !('outputs' in event)) return { ...event, outputs: nodes[event.nodeId as string]?.outputs ?? {} } as RunEvent;
    if (event.type === 'run:finished' && !('outputs' in event)) return { ...event, outputs } as RunEvent;
    return event as unknown as RunEvent;
  });
}

/** The node results a run keeps: whole, status and timings only (`outputs`), or none (`summary`). */
export function keptNodes(nodes: Readonly<Record<string, NodeResult>>, kept: RunDataMode): Record<string, NodeResult> {
  if (kept === 'all') return nodes as Record<string, NodeResult>;
  if (kept === 'summary') return {};
  const out: Record<string, NodeResult> = {};
  for (const id in nodes) out[id] = { ...(nodes[id] as NodeResult), inputs: null, outputs: null, logs: [] };
  return out;
}

/** A stored row's events, whole (what replay sends); none when the run kept less than everything. */
export function storedEventsOf(row: { events: string | null; nodes: string; outputs: string | null }): RunEvent[] {
  if (!row.events) return [];
  return wholeEvents(JSON.parse(row.events) as Record<string, unknown>[], JSON.parse(row.nodes), row.outputs ? JSON.parse(row.outputs) : {});
}
