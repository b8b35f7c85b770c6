import type { NodeResult } from '../api/executions.js';
import { formatUsd } from '../pricing/format-usd.js';
import type { NodeStep, RunEvent } from './events.js';

/**
 * The second view of a run's events, beside `reduceRun`'s live `RunState`: each node's
 * stored result (`NodeResult`, ISO times, its own log lines), as executions keep it and
 * the inspector shows it. Both folds live in core and agree (node-results.test.ts folds
 * one engine run both ways); this one mutates in place because the server folds every
 * event of every run with it (run-recorder.ts), where copying per event costs CPU per
 * node (bench/README.md).
 */

export function emptyNodeResult(): NodeResult {
  return {
    status: 'idle',
    attempts: 0,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    inputs: null,
    outputs: null,
    error: null,
    skipReason: null,
    logs: [],
  };
}

/** The log line a retry leaves, in the live log and in the stored node alike. */
export function retryingMessage(event: Extract<RunEvent, { type: 'node:retrying' }>): string {
  return `Attempt ${event.attempt} failed (${event.error}); retrying in ${event.delayMs} ms`;
}

/**
 * The log line a step leaves (an Agent's model or tool call), in the live log and in the
 * stored node alike; the step itself, whole, is in the node's `steps`.
 */
export function stepMessage(step: NodeStep): string {
  const took = step.durationMs < 1000 ? `${Math.round(step.durationMs)} ms` : `${(step.durationMs / 1000).toFixed(1)} s`;
  const cost = step.costUsd === undefined ? '' : `${formatUsd(step.costUsd)}, `;
  const tokens = step.usage ? `${step.usage.inputTokens} + ${step.usage.outputTokens} tokens, ${cost}` : '';
  const head = `Step ${step.index} · ${step.kind === 'model' ? 'model' : 'tool'} ${step.name}`;
  if (step.status === 'error') return `${head} failed (${tokens}${took}): ${step.error ?? 'unknown error'}`;
  if (step.status === 'waiting') return `${head}(${brief(step.input)}) waits for approval`;
  if (step.kind === 'tool') return `${head}(${brief(step.input)}) → ${brief(step.output)} (${took})`;
  const calls = (step.output as { toolCalls?: readonly { name: string }[] } | undefined)?.toolCalls ?? [];
  const did = calls.length > 0 ? `asked for ${calls.map((call) => call.name).join(', ')}` : 'answered';
  return `${head} ${did} (${tokens}${took})`;
}

/** A value in a log line: JSON, cut to a readable length (the step keeps it whole). */
function brief(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** Folds one event into `nodes` (mutated). Run-level events other than the start touch no node. */
export function foldNodeResult(nodes: Record<string, NodeResult>, event: RunEvent): void {
  const node = (id: string): NodeResult => {
    let found = nodes[id];
    if (!found) {
      found = emptyNodeResult();
      nodes[id] = found;
    }
    return found;
  };
  switch (event.type) {
    case 'run:started':
      for (const id of event.nodeIds) nodes[id] = emptyNodeResult();
      return;
    case 'node:queued':
      node(event.nodeId).status = 'queued';
      return;
    case 'node:started': {
      const n = node(event.nodeId);
      n.status = 'running';
      n.attempts = event.attempt;
      if (event.maxAttempts) n.maxAttempts = event.maxAttempts;
      n.startedAt = iso(event.at);
      n.inputs = event.inputs as Record<string, unknown>;
      return;
    }
    case 'node:log':
      node(event.nodeId).logs.push({ at: iso(event.at), level: event.level, message: event.message });
      return;
    case 'node:retrying':
      node(event.nodeId).logs.push({ at: iso(event.at), level: 'warn', message: retryingMessage(event) });
      return;
    case 'node:step': {
      const n = node(event.nodeId);
      if (n.steps) n.steps.push(event.step);
      else n.steps = [event.step];
      n.logs.push({ at: iso(event.at), level: event.step.status === 'success' ? 'info' : 'warn', message: stepMessage(event.step) });
      return;
    }
    case 'node:finished': {
      const n = ended(node(event.nodeId), 'success', event);
      n.outputs = event.outputs as Record<string, unknown>;
      if (event.source) n.source = event.source;
      return;
    }
    case 'node:failed':
      ended(node(event.nodeId), 'error', event).error = event.error;
      return;
    case 'node:skipped': {
      const n = node(event.nodeId);
      n.status = 'skipped';
      n.skipReason = event.reason;
      return;
    }
    case 'node:waiting': {
      const n = node(event.nodeId);
      n.status = 'waiting';
      n.logs.push({ at: iso(event.at), level: 'warn', message: event.reason });
      return;
    }
    case 'node:token':
    case 'run:resumed':
    case 'run:finished':
      return;
  }
}

/** What a node's end sets alike, finished or failed: its status, when, and how long it took. */
function ended(n: NodeResult, status: 'success' | 'error', event: { at: number; durationMs: number }): NodeResult {
  n.status = status;
  n.finishedAt = iso(event.at);
  n.durationMs = event.durationMs;
  return n;
}

let lastMs = Number.NaN;
let lastIso = '';

/**
 * ISO text of a time in ms. Consecutive events of a run mostly share their millisecond (a
 * node's finish, the next node's start), so the last answer is kept: a Date and its text
 * per event were a visible share of the server's CPU per node (bench/README.md).
 */
function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}
