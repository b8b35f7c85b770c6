import { MODEL_PRICES, type ModelPrice } from './model-prices.js';

/**
 * A model's price by its id: the built-in table (model-prices.ts) matched exactly, then
 * without `-latest` or a date suffix (`gpt-4o-2024-08-06`, `claude-3-5-sonnet-20241022`,
 * Vertex's `@20241022`), case ignored. Undefined for a model the table does not know (a
 * local model, a new one): its cost is unknown, never guessed from a similar name.
 */
export function priceOf(model: string | undefined | null): ModelPrice | undefined {
  if (!model) return undefined;
  const id = model.trim().toLowerCase();
  const exact = MODEL_PRICES[id];
  if (exact) return exact;
  const base = id.replace(/-latest$/, '').replace(/(?:-\d{4}-\d{2}-\d{2}|-\d{8}|@\d{8})$/, '');
  return base === id ? undefined : MODEL_PRICES[base];
}

/** A node's own prices (its "Price per 1M … tokens" fields): either may be left empty. */
export interface PriceOverride {
  readonly inputPerMillion?: number | null | undefined;
  readonly outputPerMillion?: number | null | undefined;
}

/**
 * The price a call is charged at: each side the node sets wins over the table's, so a
 * local model gets a price (0 and 0 for one that costs nothing) and a table price that went
 * out of date can be corrected. Undefined when either side is still unknown.
 */
export function resolvePrice(model: string | undefined | null, override?: PriceOverride): ModelPrice | undefined {
  const table = priceOf(model);
  const inputPerMillion = validPrice(override?.inputPerMillion) ?? table?.inputPerMillion;
  const outputPerMillion = validPrice(override?.outputPerMillion) ?? table?.outputPerMillion;
  if (inputPerMillion === undefined || outputPerMillion === undefined) return undefined;
  return { inputPerMillion, outputPerMillion };
}

function validPrice(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Tokens of one call or of many. */
export interface TokenCounts {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** What `tokens` cost at `price`, in US dollars (rounded to 1e-10, so sums stay readable); undefined without a price. */
export function costOf(tokens: TokenCounts, price: ModelPrice | undefined): number | undefined {
  if (!price) return undefined;
  return roundUsd((tokens.inputTokens * price.inputPerMillion + tokens.outputTokens * price.outputPerMillion) / 1_000_000);
}

/** Dollars rounded to 1e-10: float noise (0.30000000000000004) gone, the smallest token price (2e-8) kept. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e10) / 1e10;
}
