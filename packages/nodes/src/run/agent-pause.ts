import type { LlmMessage, LlmToolCall, LlmToolResult } from '../services/llm-service.js';
import type { ToolDecision } from '../services/tool-approval-service.js';

/** What the Agent's loop has used so far; a resumed loop goes on counting from here. */
export interface AgentCounters {
  /** Steps reported (model and tool), so a resumed loop numbers on. */
  readonly step: number;
  readonly modelCalls: number;
  readonly toolCalls: number;
  readonly tokens: number;
  /** Wall time spent before it stopped: the wait for a person does not count against Max time. */
  readonly elapsedMs: number;
}

/**
 * An Agent stopped at tool calls that wait for approval, as the host stores it (JSON,
 * masked) and gives it back on resume: the conversation up to the model's reply that asked
 * for the calls, every call of that reply, the results of those already made, and the
 * counters. On resume the held calls are made (approved) or answered with the rejection,
 * and the loop goes on as if it had never stopped.
 */
export interface AgentPause {
  readonly version: 1;
  readonly messages: readonly LlmMessage[];
  /** How many of `messages` are recalled memory, not this turn's. */
  readonly history: number;
  /** The reply's tool calls, in the model's order. */
  readonly calls: readonly LlmToolCall[];
  /** Results of the calls already made (those that needed no approval, or whose arguments did not fit). */
  readonly results: readonly LlmToolResult[];
  readonly counters: AgentCounters;
}

/** The stored state, if it is one this version can go on from. */
export function readPause(state: unknown): AgentPause | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const pause = state as Partial<AgentPause>;
  if (pause.version !== 1 || !Array.isArray(pause.messages) || !Array.isArray(pause.calls) || !Array.isArray(pause.results) || !pause.counters) {
    return undefined;
  }
  return pause as AgentPause;
}

/** What the model reads when a person rejected its call: who, and why when they said. */
export function rejectionText(decision: ToolDecision): string {
  const why = decision.reason?.trim() ? ` Their reason: ${decision.reason.trim()}` : ' They gave no reason.';
  return `A person (${decision.decidedBy}) rejected this tool call, so it was not made.${why} Do not try the same call again; go on without it or answer with what you have.`;
}

/** The reason a waiting Agent gives (the run log's line): which calls wait, and who decides. */
export function waitingReason(calls: readonly { toolName: string }[]): string {
  const names = [...new Set(calls.map((call) => call.toolName))].join(', ');
  const what = calls.length === 1 ? `a call of the tool ${names}` : `${calls.length} calls of ${names}`;
  return `Waiting for approval: ${what}. The workflow's owner approves or rejects it in the editor or through the API (GET /api/approvals).`;
}
