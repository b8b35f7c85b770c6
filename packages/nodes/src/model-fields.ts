import { choices } from './define-node.js';

/**
 * The config fields every node that calls a model provider shares (LLM Chat, Agent, Embed &
 * Store, Retriever): written once so the three forms name, place and explain them alike, and so
 * the run's `readBaseUrl` (run/base-url.ts) and the form agree on what a base URL is.
 */

/** The label of the provider option that talks to any server speaking the OpenAI API. */
export const OPENAI_COMPATIBLE_LABEL = 'OpenAI-compatible (Ollama, vLLM, LM Studio, …)';

/** An OpenAI-compatible server's address; `description` says when the node needs it. */
export function baseUrlField(description: string) {
  return { kind: 'text', key: 'baseUrl', label: 'Base URL', placeholder: 'http://localhost:11434/v1', description } as const;
}

/** The provider's API key, picked from the user's secrets; `description` says when none is needed. */
export function apiKeyField(description = 'One of your secrets. Local servers without authentication need none.') {
  return { kind: 'secret', key: 'apiKey', label: 'API key', description } as const;
}

/**
 * The chat model a node talks to (LLM Chat, Agent): provider, base URL and model name, in
 * that order; `examples` ends the model's placeholder with a local model's name.
 */
export function chatModelFields(localExample: string) {
  return [
    {
      kind: 'select',
      key: 'provider',
      label: 'Provider',
      default: 'openai',
      options: choices({ openai: 'OpenAI', anthropic: 'Anthropic', 'openai-compatible': OPENAI_COMPATIBLE_LABEL }),
    },
    baseUrlField('Required for OpenAI-compatible servers; leave empty to use the provider’s own API.'),
    { kind: 'text', key: 'model', label: 'Model', required: true, default: 'gpt-4o-mini', placeholder: `gpt-4o-mini, claude-sonnet-4-5, ${localExample}` },
  ] as const;
}

/**
 * What the model costs, when the node knows better than core's price table (pricing/): a
 * local or unlisted model (0 and 0 for one that costs nothing), or a price that changed.
 * Empty: the table's price, or an unknown cost. Shared by LLM Chat and Agent.
 */
export function modelPriceFields() {
  const note = 'Leave empty for Weft’s built-in price of common OpenAI and Anthropic models (which may be out of date).';
  return [
    {
      kind: 'number',
      key: 'inputPricePerMillion',
      label: 'Price per 1M input tokens (USD)',
      min: 0,
      step: 0.01,
      description: `For the run’s cost. ${note} For a local model set both prices, 0 if it costs nothing.`,
    },
    { kind: 'number', key: 'outputPricePerMillion', label: 'Price per 1M output tokens (USD)', min: 0, step: 0.01, description: note },
  ] as const;
}
