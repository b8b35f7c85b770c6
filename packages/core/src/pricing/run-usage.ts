import type { ModelUsage, RunUsage, UsageTotals } from '../api/executions.js';
import { roundUsd, type TokenCounts } from './price-of.js';

/** One model call as a node records it: its tokens and, when its price is known, its cost. */
export interface ModelCall extends TokenCounts {
  /** The model id the provider answered with; calls without one are counted under `unknown`. */
  readonly model?: string | undefined;
  /** US dollars; absent when the model's price is unknown. */
  readonly costUsd?: number | undefined;
}

/**
 * A run's usage with one more call: the totals and the call's model's part. Pure (a new
 * value each time), so the server's recorder and a test fold calls alike; `null` is a run
 * that has called no model yet.
 */
export function addModelCall(usage: RunUsage | null, call: ModelCall): RunUsage {
  const model = call.model?.trim() || 'unknown';
  const before = usage?.models?.[model];
  const part: ModelUsage = { ...addTotals(before ?? { inputTokens: 0, outputTokens: 0 }, call), calls: (before?.calls ?? 0) + 1 };
  return { ...addTotals(totalsOf(usage), call), models: { ...usage?.models, [model]: part } };
}

/** The totals of a usage without its per-model parts (what a list row carries). */
export function totalsOf(usage: UsageTotals | null | undefined): UsageTotals {
  if (!usage) return { inputTokens: 0, outputTokens: 0 };
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    ...(usage.costUsd === undefined ? {} : { costUsd: usage.costUsd }),
    ...(usage.costIncomplete ? { costIncomplete: true } : {}),
  };
}

/**
 * Two sums (or a sum and a call) added: tokens always, costs where known. The cost is
 * incomplete when either side had calls of unknown price, or when one side has tokens and
 * no cost at all (a run stored before costs were counted, a local model).
 */
export function addTotals(a: UsageTotals, b: UsageTotals): UsageTotals {
  const aUnpriced = a.costIncomplete === true || (a.costUsd === undefined && a.inputTokens + a.outputTokens > 0);
  const bUnpriced = b.costIncomplete === true || (b.costUsd === undefined && b.inputTokens + b.outputTokens > 0);
  const known = a.costUsd !== undefined || b.costUsd !== undefined;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    ...(known ? { costUsd: roundUsd((a.costUsd ?? 0) + (b.costUsd ?? 0)) } : {}),
    ...(aUnpriced || bUnpriced ? { costIncomplete: true } : {}),
  };
}
