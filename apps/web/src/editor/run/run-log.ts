import { type LogLevel, type RunDataMode, type RunEvent, stepMessage } from '@weft/core';
import type { ExecutionDetail } from '../../api/executions';
import { notKeptMessage } from '../../components/dashboard/run-data-kept';
import { formatDuration, toEpoch } from '../../lib/run-format';
import type { LogLine } from '../panels/log-format';

/** One line of a run's log, before node ids become labels (labels can change while it shows). */
export interface RunLogEntry {
  readonly at: number;
  /** Null for lines about the whole run. */
  readonly nodeId: string | null;
  readonly level: LogLevel;
  readonly message: string;
  /** A line that grows as the node streams tokens (an LLM answer as it is written). */
  readonly streaming?: boolean;
}

export interface RunLog {
  readonly entries: readonly RunLogEntry[];
  /** Where each node's current streaming line is, so tokens extend one line instead of adding many. */
  readonly streams: Readonly<Record<string, number>>;
  readonly startedAt?: number;
}

export const EMPTY_RUN_LOG: RunLog = { entries: [], streams: {} };

function push(log: RunLog, entry: RunLogEntry): RunLog {
  return { ...log, entries: [...log.entries, entry] };
}

/** "Started", or with retries allowed "Started (attempt 2 of 3)". */
export function startedMessage(attempt: number, maxAttempts: number | undefined): string {
  if (maxAttempts !== undefined && maxAttempts > 1) return `Started (attempt ${attempt} of ${maxAttempts})`;
  return attempt > 1 ? `Started (attempt ${attempt})` : 'Started';
}

/** A node not called says where its outputs came from instead of a duration. */
export function finishedMessage(source: 'pinned' | 'reused' | undefined, durationMs: number | undefined): string {
  if (source === 'pinned') return 'Pinned: its pinned output was used, the node was not called';
  if (source === 'reused') return "Reused: the last run's output was used, the node was not called";
  return durationMs === undefined ? 'Finished' : `Finished in ${formatDuration(durationMs)}`;
}

/** The closing line: status and how long the run took. */
export function finishedLine(status: string, durationMs: number | undefined, error: string | null | undefined): { level: LogLevel; message: string } {
  const took = durationMs === undefined ? '' : formatDuration(durationMs);
  if (status === 'success') return { level: 'info', message: took ? `Run succeeded in ${took}` : 'Run succeeded' };
  if (status === 'cancelled') return { level: 'warn', message: took ? `Run cancelled after ${took}` : 'Run cancelled' };
  if (status === 'waiting') return { level: 'warn', message: 'Run waiting for approval: it goes on once the tool call is approved or rejected' };
  const reason = error ? `: ${error}` : '';
  return { level: 'error', message: `${took ? `Run failed after ${took}` : 'Run failed'}${reason}` };
}

/**
 * Adds what one engine event says to the log (SPEC.md section 3). Tokens extend the
 * node's streaming line; a new attempt starts a new one, so a retried answer is not
 * glued to the failed one. Queued events say nothing (every node is queued).
 */
export function appendEvent(log: RunLog, event: RunEvent): RunLog {
  switch (event.type) {
    case 'run:started':
      return { entries: [...log.entries, { at: event.at, nodeId: null, level: 'info', message: 'Run started' }], streams: {}, startedAt: event.at };
    case 'node:queued':
      return log;
    case 'node:started': {
      const { [event.nodeId]: _previous, ...streams } = log.streams;
      const message = startedMessage(event.attempt, event.maxAttempts);
      return { ...push(log, { at: event.at, nodeId: event.nodeId, level: 'info', message }), streams };
    }
    case 'node:log':
      return push(log, { at: event.at, nodeId: event.nodeId, level: event.level, message: event.message });
    case 'node:token': {
      const index = log.streams[event.nodeId];
      const current = index === undefined ? undefined : log.entries[index];
      if (index === undefined || !current) {
        const entry: RunLogEntry = { at: event.at, nodeId: event.nodeId, level: 'info', message: event.text, streaming: true };
        return { ...log, entries: [...log.entries, entry], streams: { ...log.streams, [event.nodeId]: log.entries.length } };
      }
      const entries = log.entries.slice();
      entries[index] = { ...current, message: current.message + event.text };
      return { ...log, entries };
    }
    case 'node:step':
      return push(log, { at: event.at, nodeId: event.nodeId, level: event.step.status === 'success' ? 'info' : 'warn', message: stepMessage(event.step) });
    case 'node:retrying':
      return push(log, {
        at: event.at,
        nodeId: event.nodeId,
        level: 'warn',
        // Errors often end in a full stop already: one is enough.
        message: `Attempt ${event.attempt} failed: ${event.error.replace(/\.$/, '')}. Retrying in ${formatDuration(event.delayMs)}`,
      });
    case 'node:finished':
      return push(log, { at: event.at, nodeId: event.nodeId, level: 'info', message: finishedMessage(event.source, event.durationMs) });
    case 'node:failed':
      return push(log, { at: event.at, nodeId: event.nodeId, level: 'error', message: event.error });
    case 'node:skipped':
      return push(log, { at: event.at, nodeId: event.nodeId, level: 'info', message: `Skipped: ${event.reason}` });
    case 'node:waiting':
      return push(log, { at: event.at, nodeId: event.nodeId, level: 'warn', message: event.reason });
    case 'run:resumed':
      return push(log, { at: event.at, nodeId: null, level: 'info', message: event.reason });
    case 'run:finished': {
      const duration = log.startedAt === undefined ? undefined : event.at - log.startedAt;
      return push(log, { at: event.at, nodeId: null, ...finishedLine(event.status, duration, event.error) });
    }
  }
}

/**
 * The log of a stored execution: each node's stored lines, plus the start, finish and
 * failure lines a live run shows, in time order. A node error already among its stored
 * lines is not repeated.
 */
export function logFromDetail(detail: Pick<ExecutionDetail, 'status' | 'error' | 'startedAt' | 'finishedAt' | 'createdAt' | 'durationMs' | 'nodes'>): RunLog {
  const startedAt = toEpoch(detail.startedAt) ?? toEpoch(detail.createdAt) ?? 0;
  const entries: RunLogEntry[] = [{ at: startedAt, nodeId: null, level: 'info', message: 'Run started' }];
  const nodeEntries: RunLogEntry[] = [];
  for (const [nodeId, node] of Object.entries(detail.nodes ?? {})) {
    const started = toEpoch(node.startedAt);
    const finished = toEpoch(node.finishedAt) ?? started ?? startedAt;
    if (started !== undefined)
      nodeEntries.push({ at: started, nodeId, level: 'info', message: node.maxAttempts ? startedMessage(node.attempts, node.maxAttempts) : 'Started' });
    for (const line of node.logs ?? []) {
      nodeEntries.push({ at: toEpoch(line.at) ?? finished, nodeId, level: line.level ?? 'info', message: line.message });
    }
    if (node.status === 'success' && node.source) {
      nodeEntries.push({ at: finished, nodeId, level: 'info', message: finishedMessage(node.source, undefined) });
    } else if (node.status === 'success') {
      const took = node.durationMs ?? (started !== undefined ? finished - started : undefined);
      nodeEntries.push({ at: finished, nodeId, level: 'info', message: took === undefined ? 'Finished' : `Finished in ${formatDuration(took)}` });
    } else if (node.status === 'error' && node.error && !(node.logs ?? []).some((l) => l.level === 'error' && l.message === node.error)) {
      nodeEntries.push({ at: finished, nodeId, level: 'error', message: node.error });
    }
  }
  // Stable sort: lines of one node keep their stored order when their times tie.
  nodeEntries.sort((a, b) => a.at - b.at);
  entries.push(...nodeEntries);
  if (detail.status === 'success' || detail.status === 'error' || detail.status === 'cancelled') {
    const finishedAt = toEpoch(detail.finishedAt) ?? nodeEntries.at(-1)?.at ?? startedAt;
    entries.push({ at: finishedAt, nodeId: null, ...finishedLine(detail.status, detail.durationMs ?? undefined, detail.error) });
  }
  return { entries, streams: {}, startedAt };
}

/**
 * The engine names the failed node by id in the run's error (`Run failed: n3: timeout`);
 * a person knows it by its label. Only the first known id is replaced.
 */
export function nameNodeInError(message: string, labelOf: (nodeId: string) => string | undefined): string {
  let named = false;
  return message.replace(/(^|: )([^:\s]+)(?=: )/g, (whole, lead: string, id: string) => {
    if (named) return whole;
    const label = labelOf(id);
    if (label === undefined) return whole;
    named = true;
    return `${lead}${label}`;
  });
}

/**
 * What the logs area shows: `<node label>: message` (SPEC.md section 3; the area adds
 * the `[HH:MM:SS]` prefix in local time). A node no longer on the canvas keeps its id.
 */
export function toLogLines(entries: readonly RunLogEntry[], labelOf: (nodeId: string) => string | undefined): LogLine[] {
  return entries.map((entry) => ({
    time: new Date(entry.at),
    level: entry.level,
    text: entry.nodeId === null ? nameNodeInError(entry.message, labelOf) : `${labelOf(entry.nodeId) ?? entry.nodeId}: ${entry.message}`,
  }));
}

/**
 * A stored run's log with a line after "Run started" saying the nodes' lines were not
 * kept, so a log of two lines does not read as a run where nothing happened.
 */
export function withKeptNotice(log: RunLog, kept: RunDataMode | undefined): RunLog {
  const message = notKeptMessage(kept);
  if (!message) return log;
  const [first, ...rest] = log.entries;
  const notice: RunLogEntry = {
    at: first?.at ?? log.startedAt ?? 0,
    nodeId: null,
    level: 'info',
    message: `Node details: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
  };
  return { ...log, entries: first ? [first, notice, ...rest] : [notice] };
}
