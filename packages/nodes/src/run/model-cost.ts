import { costOf, type PriceOverride, resolvePrice } from '@weft/core';
import type { TokenUsage } from '../services/llm-service.js';

/** A node's "Price per 1M … tokens" fields (model-fields.ts `modelPriceFields`). */
export interface PriceConfig {
  readonly inputPricePerMillion?: number | null | undefined;
  readonly outputPricePerMillion?: number | null | undefined;
}

/** The node's prices as core's override of its price table. */
export function priceOverride(config: PriceConfig): PriceOverride {
  return { inputPerMillion: config.inputPricePerMillion, outputPerMillion: config.outputPricePerMillion };
}

/**
 * A call's usage as the run records it: the model the provider answered with (else the one
 * asked for) and its cost at the node's prices or core's table; no `costUsd` when neither
 * knows the model.
 */
export function pricedUsage(usage: TokenUsage, askedModel: string, override?: PriceOverride): TokenUsage & { model: string } {
  const model = usage.model ?? askedModel;
  // The provider may answer with a dated id the table lacks while the asked alias is in it.
  const price = resolvePrice(model, override) ?? resolvePrice(askedModel, override);
  const costUsd = costOf(usage, price);
  return { model, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, ...(costUsd === undefined ? {} : { costUsd }) };
}
