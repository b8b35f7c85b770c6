import type { LogLevel, NodeStatus, NodeStep, RunEvent, RunStatus } from './events.js';
import { retryingMessage, stepMessage } from './node-results.js';

export interface NodeRunState {
  status: NodeStatus;
  attempts: number;
  /** Tries the node has in all, when it may retry. */
  maxAttempts?: number;
  /** The node was not called: its outputs were pinned or reused from an earlier run. */
  source?: 'pinned' | 'reused';
  startedAt?: number;
  finishedAt?: number;
  inputs?: Readonly<Record<string, unknown>>;
  outputs?: Readonly<Record<string, unknown>>;
  error?: string;
  /** Why a node did not run. */
  skipReason?: string;
  /** Streamed text so far (LLM tokens). */
  streamed?: string;
  /** An Agent's model and tool calls so far, in the order they ended. */
  steps?: readonly NodeStep[];
}

export interface RunLogLine {
  at: number;
  nodeId: string | null;
  level: LogLevel;
  message: string;
}

/**
 * A run as a plain value: serialisable, so it can be stored, sent to a browser or handed
 * to another worker. Built only by folding events with {@link reduceRun}.
 */
export interface RunState {
  runId: string;
  status: RunStatus | 'pending';
  startedAt?: number;
  finishedAt?: number;
  error?: string;
  nodes: Record<string, NodeRunState>;
  logs: RunLogLine[];
  outputs: Readonly<Record<string, unknown>>;
}

export function initialRunState(runId: string): RunState {
  return { runId, status: 'pending', nodes: {}, logs: [], outputs: {} };
}

/**
 * Folds one event into the state, returning a new state (the input is not mutated).
 * Events of another run are ignored.
 */
export function reduceRun(state: RunState, event: RunEvent): RunState {
  if (event.runId !== state.runId) return state;
  switch (event.type) {
    case 'run:started': {
      const nodes: Record<string, NodeRunState> = {};
      for (const id of event.nodeIds) nodes[id] = { status: 'idle', attempts: 0 };
      return { ...state, status: 'running', startedAt: event.at, nodes, logs: [...state.logs, line(event.at, null, 'info', 'Run started')] };
    }
    case 'node:queued':
      return patchNode(state, event.nodeId, { status: 'queued' });
    case 'node:started':
      return patchNode(state, event.nodeId, {
        status: 'running',
        attempts: event.attempt,
        startedAt: event.at,
        inputs: event.inputs,
        ...(event.maxAttempts ? { maxAttempts: event.maxAttempts } : {}),
      });
    case 'node:token': {
      const previous = state.nodes[event.nodeId]?.streamed ?? '';
      return patchNode(state, event.nodeId, { streamed: previous + event.text });
    }
    case 'node:log':
      return { ...state, logs: [...state.logs, line(event.at, event.nodeId, event.level, event.message)] };
    case 'node:step': {
      const steps = [...(state.nodes[event.nodeId]?.steps ?? []), event.step];
      const level = event.step.status === 'success' ? 'info' : 'warn';
      return { ...patchNode(state, event.nodeId, { steps }), logs: [...state.logs, line(event.at, event.nodeId, level, stepMessage(event.step))] };
    }
    case 'node:retrying':
      return {
        ...state,
        logs: [...state.logs, line(event.at, event.nodeId, 'warn', retryingMessage(event))],
      };
    case 'node:finished':
      return patchNode(state, event.nodeId, {
        status: 'success',
        finishedAt: event.at,
        outputs: event.outputs,
        ...(event.source ? { source: event.source } : {}),
      });
    case 'node:failed':
      return {
        ...patchNode(state, event.nodeId, { status: 'error', finishedAt: event.at, error: event.error }),
        logs: [...state.logs, line(event.at, event.nodeId, 'error', event.error)],
      };
    case 'node:skipped':
      return patchNode(state, event.nodeId, { status: 'skipped', skipReason: event.reason });
    case 'node:waiting':
      return {
        ...patchNode(state, event.nodeId, { status: 'waiting' }),
        logs: [...state.logs, line(event.at, event.nodeId, 'warn', event.reason)],
      };
    case 'run:resumed': {
      const { finishedAt: _ended, error: _error, ...rest } = state;
      return { ...rest, status: 'running', logs: [...state.logs, line(event.at, null, 'info', event.reason)] };
    }
    case 'run:finished':
      return {
        ...state,
        status: event.status,
        finishedAt: event.at,
        outputs: event.outputs,
        ...(event.error ? { error: event.error } : {}),
        logs: [...state.logs, line(event.at, null, finishedLevel(event.status), finishedMessage(event.status, event.error))],
      };
  }
}

function patchNode(state: RunState, nodeId: string, patch: Partial<NodeRunState>): RunState {
  const previous = state.nodes[nodeId] ?? { status: 'idle', attempts: 0 };
  return { ...state, nodes: { ...state.nodes, [nodeId]: { ...previous, ...patch } } };
}

function line(at: number, nodeId: string | null, level: LogLevel, message: string): RunLogLine {
  return { at, nodeId, level, message };
}

function finishedLevel(status: Exclude<RunStatus, 'running'>): LogLevel {
  if (status === 'success') return 'info';
  return status === 'waiting' ? 'warn' : 'error';
}

function finishedMessage(status: Exclude<RunStatus, 'running'>, error: string | undefined): string {
  if (status === 'success') return 'Run succeeded';
  if (status === 'waiting') return 'Run waiting for approval';
  if (status === 'cancelled') return 'Run cancelled';
  return `Run failed: ${error ?? 'unknown error'}`;
}
