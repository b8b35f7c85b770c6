import { initialRunState, type NodeRunState, type NodeStatus, type RunDataMode, type RunEvent, type RunState, reduceRun, totalsOf } from '@weft/core';
import type { ExecutionDetail, ExecutionSummary } from '../../api/executions';
import { toEpoch } from '../../lib/run-format';
import { appendEvent, EMPTY_RUN_LOG, logFromDetail, type RunLog, withKeptNotice } from './run-log';

/**
 * A run as the editor shows it: the engine's `RunState` (folded with core's `reduceRun`),
 * the log lines, and what the API said about the execution. Live runs grow by events;
 * stored ones are built once from their detail.
 */
export interface RunView {
  readonly executionId: string;
  readonly source: 'live' | 'history';
  readonly run: RunState;
  readonly log: RunLog;
  /** The `id:` of the last event applied; events at or below it are repeats (a reconnect). */
  readonly lastSeq: number;
  readonly summary: ExecutionSummary | null;
  /** What the run was started with, so Re-run can send the same again. */
  readonly inputs: Readonly<Record<string, unknown>>;
  /** Each node's time over all its attempts, as the engine measured it. */
  readonly durations: Readonly<Record<string, number>>;
  /** What a stored run kept (the workflow's setting, run-data-kept.ts); absent: everything. */
  readonly kept?: RunDataMode;
}

/** An event from the stream with its `id:` (null when the server sent none). */
export interface SequencedEvent {
  readonly seq: number | null;
  readonly event: RunEvent;
}

export function liveView(summary: ExecutionSummary, inputs: Readonly<Record<string, unknown>>): RunView {
  return {
    executionId: summary.id,
    source: 'live',
    run: initialRunState(summary.id),
    log: EMPTY_RUN_LOG,
    lastSeq: 0,
    summary,
    inputs,
    durations: {},
  };
}

/**
 * Reads one server-sent message: `id` is the event's sequence number, `data` its JSON.
 * Anything that is not a run event answers null and is left out.
 */
export function parseEventMessage(id: string, data: string): SequencedEvent | null {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object') return null;
  const { type, runId } = event as { type?: unknown; runId?: unknown };
  if (typeof type !== 'string' || typeof runId !== 'string') return null;
  const seq = /^\d+$/.test(id) ? Number(id) : null;
  return { seq, event: event as RunEvent };
}

/**
 * Applies a batch of events in order. An event whose sequence number is not above the
 * last one applied is a repeat (the browser resends `Last-Event-ID` on reconnect, and a
 * fresh stream replays from the start) and is skipped, so no line shows twice. The run
 * id is taken from the first event: the server names runs, not the browser.
 */
export function foldEvents(view: RunView, batch: readonly SequencedEvent[]): RunView {
  let { run, log, lastSeq, durations } = view;
  let changed = false;
  for (const { seq, event } of batch) {
    if (seq !== null) {
      // A resumed run's stream is numbered on from its stored events, which can be fewer than
      // a watcher saw before the wait: its `run:resumed` restarts the count (it comes once).
      if (seq <= lastSeq && event.type !== 'run:resumed') continue;
      lastSeq = seq;
    }
    if (run.runId !== event.runId && run.status === 'pending' && log.entries.length === 0) run = initialRunState(event.runId);
    if (run.runId !== event.runId) continue;
    run = reduceRun(run, event);
    log = appendEvent(log, event);
    if (event.type === 'node:finished' || event.type === 'node:failed') durations = { ...durations, [event.nodeId]: event.durationMs };
    changed = true;
  }
  if (!changed && lastSeq === view.lastSeq) return view;
  return { ...view, run, log, lastSeq, durations };
}

const NODE_STATUSES: ReadonlySet<string> = new Set<NodeStatus>(['idle', 'queued', 'running', 'success', 'error', 'skipped']);

/** A stored execution as a view: the canvas badges and the inspector read it like a live one. */
export function historyView(detail: ExecutionDetail): RunView {
  const nodes: Record<string, NodeRunState> = {};
  const durations: Record<string, number> = {};
  for (const [nodeId, stored] of Object.entries(detail.nodes ?? {})) {
    const node: NodeRunState = {
      status: NODE_STATUSES.has(stored.status) ? (stored.status as NodeStatus) : 'idle',
      attempts: stored.attempts ?? 0,
    };
    const startedAt = toEpoch(stored.startedAt);
    const finishedAt = toEpoch(stored.finishedAt);
    if (startedAt !== undefined) node.startedAt = startedAt;
    if (finishedAt !== undefined) node.finishedAt = finishedAt;
    if (stored.inputs) node.inputs = stored.inputs;
    if (stored.outputs) node.outputs = stored.outputs;
    if (stored.error) node.error = stored.error;
    if (stored.maxAttempts) node.maxAttempts = stored.maxAttempts;
    if (stored.source) node.source = stored.source;
    if (stored.steps?.length) node.steps = stored.steps;
    nodes[nodeId] = node;
    if (typeof stored.durationMs === 'number') durations[nodeId] = stored.durationMs;
  }
  const run: RunState = {
    runId: detail.id,
    status: detail.status === 'queued' ? 'pending' : detail.status,
    nodes,
    logs: [],
    outputs: detail.outputs ?? {},
  };
  const startedAt = toEpoch(detail.startedAt);
  const finishedAt = toEpoch(detail.finishedAt);
  if (startedAt !== undefined) run.startedAt = startedAt;
  if (finishedAt !== undefined) run.finishedAt = finishedAt;
  if (detail.error) run.error = detail.error;
  const { inputs, outputs: _outputs, usage, nodes: _nodes, ...rest } = detail;
  // The banner shows the run's totals; the per-model part stays with the detail.
  const summary: ExecutionSummary = usage ? { ...rest, usage: totalsOf(usage) } : rest;
  const kept = detail.kept && detail.kept !== 'all' ? { kept: detail.kept } : {};
  const log = withKeptNotice(logFromDetail(detail), detail.kept);
  return { executionId: detail.id, source: 'history', run, log, lastSeq: 0, summary, inputs: inputs ?? {}, durations, ...kept };
}

/** Whether the run can still change (the Cancel button shows while it is). */
export function isActive(view: RunView | null): boolean {
  if (view?.source !== 'live') return false;
  return view.run.status === 'pending' || view.run.status === 'running';
}
