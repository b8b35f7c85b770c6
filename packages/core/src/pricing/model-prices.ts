/**
 * Built-in prices of the common hosted models, in US dollars per million tokens.
 *
 * Written 2026-11-28 from the list prices the providers publish on these pages, as known
 * then (the pages were not fetched when the table was written: check them there):
 *   - OpenAI: https://openai.com/api/pricing/ (and platform.openai.com/docs/pricing)
 *   - Anthropic: https://www.anthropic.com/pricing#api (and docs.anthropic.com, "Pricing")
 * Standard (pay-as-you-go, non-batch) rates for text input and output. Not counted: prompt
 * caching discounts and cache writes, batch discounts, long-context surcharges, audio and
 * image tokens. Providers change prices: these may be out of date, which is why a node's
 * own "Price per 1M … tokens" fields override them (docs/ARCHITECTURE.md "Costs").
 *
 * Keys are model ids as the APIs name them, lower case, without a date suffix or
 * `-latest` (price-of.ts strips those); an id whose dated snapshot was priced differently
 * (the first gpt-4o) is listed with its date.
 */
export const PRICES_AS_OF = '2026-11-28';

/** Where the built-in prices were read. */
export const PRICE_SOURCES = ['https://openai.com/api/pricing/', 'https://www.anthropic.com/pricing#api'] as const;

/** A model's price: US dollars per million input (prompt) and output (completion) tokens. */
export interface ModelPrice {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
}

const price = (inputPerMillion: number, outputPerMillion: number): ModelPrice => ({ inputPerMillion, outputPerMillion });

/** The built-in table; read it through `priceOf` (price-of.ts), which also finds dated variants. */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  // OpenAI chat models
  'gpt-5': price(1.25, 10),
  'gpt-5-mini': price(0.25, 2),
  'gpt-5-nano': price(0.05, 0.4),
  'gpt-4.1': price(2, 8),
  'gpt-4.1-mini': price(0.4, 1.6),
  'gpt-4.1-nano': price(0.1, 0.4),
  'gpt-4o': price(2.5, 10),
  'gpt-4o-2024-05-13': price(5, 15),
  'chatgpt-4o': price(5, 15),
  'gpt-4o-mini': price(0.15, 0.6),
  'gpt-4-turbo': price(10, 30),
  'gpt-4': price(30, 60),
  'gpt-3.5-turbo': price(0.5, 1.5),
  o1: price(15, 60),
  'o1-mini': price(1.1, 4.4),
  o3: price(2, 8),
  'o3-mini': price(1.1, 4.4),
  'o4-mini': price(1.1, 4.4),
  // OpenAI embedding models (Embed & Store, Retriever): input only
  'text-embedding-3-small': price(0.02, 0),
  'text-embedding-3-large': price(0.13, 0),
  'text-embedding-ada-002': price(0.1, 0),
  // Anthropic (the API's ids and its aliases)
  'claude-opus-4-5': price(5, 25),
  'claude-opus-4-1': price(15, 75),
  'claude-opus-4': price(15, 75),
  'claude-opus-4-0': price(15, 75),
  'claude-sonnet-4-5': price(3, 15),
  'claude-sonnet-4': price(3, 15),
  'claude-sonnet-4-0': price(3, 15),
  'claude-3-7-sonnet': price(3, 15),
  'claude-3-5-sonnet': price(3, 15),
  'claude-haiku-4-5': price(1, 5),
  'claude-3-5-haiku': price(0.8, 4),
  'claude-3-opus': price(15, 75),
  'claude-3-haiku': price(0.25, 1.25),
};
