import type { AgentLimits } from './agent-loop.js';

export type LimitName = 'steps' | 'toolCalls' | 'tokens' | 'time';

interface Used {
  readonly steps: number;
  readonly toolCalls: number;
  readonly tokens: number;
  /** Model and tool steps together, as the run log numbers them. */
  readonly stepsTaken: number;
  /** Tool calls the model asked for in the reply that crossed the limit. */
  readonly asked: number;
}

/**
 * The failure of an agent that reached a limit: which limit, the setting that sets it,
 * and that every step taken is in the run (users of other agents find a limit reached
 * reported as success with the work hidden).
 */
export function limitMessage(name: LimitName, limits: AgentLimits, used: Used): string {
  const kept = `The ${used.stepsTaken} step${used.stepsTaken === 1 ? '' : 's'} taken are in the run log.`;
  switch (name) {
    case 'steps':
      return `Agent stopped at its step limit: ${limits.maxSteps} model call${limits.maxSteps === 1 ? '' : 's'} (Max steps) without a final answer. ${kept} Raise Max steps or narrow the task.`;
    case 'toolCalls':
      return `Agent stopped at its tool call limit: the model asked for ${used.asked} more tool call${used.asked === 1 ? '' : 's'} after ${used.toolCalls}, over ${limits.maxToolCalls} (Max tool calls). ${kept} Raise Max tool calls or narrow the task.`;
    case 'tokens':
      return `Agent stopped at its token budget: ${used.tokens} tokens used, over ${limits.tokenBudget} (Token budget). ${kept} Raise the Token budget or narrow the task.`;
    case 'time':
      return `Agent stopped at its time limit: ${Math.round(limits.maxMs / 1000)} s (Max time) without a final answer. ${kept} Raise Max time or narrow the task.`;
  }
}

/** Longest tool result sent back to the model; the step in the run keeps the value itself. */
export const MAX_TOOL_OUTPUT_CHARS = 32_000;

/** A tool's result as the model reads it: text as it is, anything else as JSON, cut when very long. */
export function toolOutputText(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? 'null' : (JSON.stringify(value) ?? 'null');
  if (text.length <= MAX_TOOL_OUTPUT_CHARS) return text;
  return `${text.slice(0, MAX_TOOL_OUTPUT_CHARS)}… (cut: ${text.length - MAX_TOOL_OUTPUT_CHARS} more characters)`;
}
