import { formatUsd, type UsageTotals } from '@weft/core';

/**
 * Token use and cost as the run banner, the run history, the executions list, the workflow
 * settings and an Agent's steps show them: "1,234 tokens · $0.0021". Money goes through
 * core's `formatUsd` (cents from a dollar up, two significant digits below), the rule the
 * run log's step lines use too.
 */
export { formatUsd };

/** "1 token", "1,234 tokens". */
export function formatTokens(tokens: number): string {
  return `${tokens.toLocaleString('en-US')} ${tokens === 1 ? 'token' : 'tokens'}`;
}

/**
 * The cost alone: "$0.0021"; "$0.0021+" when some call's price was unknown (the known part);
 * null when no call's price was known.
 */
export function formatCost(usage: Pick<UsageTotals, 'costUsd' | 'costIncomplete'>): string | null {
  if (usage.costUsd === undefined) return null;
  return `${formatUsd(usage.costUsd)}${usage.costIncomplete ? '+' : ''}`;
}

/** "1,234 tokens · $0.0021": tokens in and out together, then the cost when any is known. */
export function formatUsage(usage: UsageTotals): string {
  const tokens = formatTokens(usage.inputTokens + usage.outputTokens);
  const cost = formatCost(usage);
  return cost ? `${tokens} · ${cost}` : tokens;
}

/** The tooltip that says what the numbers hold, and why a cost is missing or partial. */
export function usageTitle(usage: UsageTotals): string {
  const split = `${usage.inputTokens.toLocaleString('en-US')} input + ${usage.outputTokens.toLocaleString('en-US')} output tokens`;
  if (usage.costUsd === undefined) {
    return `${split}. Cost unknown: no price is known for the model. Set one in the node’s “Price per 1M … tokens” fields.`;
  }
  if (usage.costIncomplete) return `${split}. The cost counts only the calls whose model has a known price.`;
  return `${split}, at list prices (they may have changed).`;
}
