import type { LlmChatConfig } from '../llm-chat.node.js';
import type { NodeRunArgs } from '../node-services.js';
import type { LlmChatRequest } from '../services/llm-service.js';
import { readBaseUrl } from './base-url.js';
import { pricedUsage, priceOverride } from './model-cost.js';
import { fillPlaceholders, requireResolvedSecret } from './placeholders.js';

/**
 * One chat completion through the host's LLM service: prompts filled, tokens streamed to
 * the run as they arrive, usage and cost recorded with the run. The call is the node's one
 * model step (as an Agent's calls are), so its tokens and cost are in the log line, the
 * node's result and the stored execution. Config mistakes are caught here, before any
 * call, with messages that say what to set.
 */
export async function runLlmChat({ inputs, config, ctx }: NodeRunArgs<LlmChatConfig>) {
  const request = buildChatRequest(config, { input: inputs.input, params: ctx.services.params });
  const now = () => ctx.now?.() ?? Date.now();
  const startedAt = now();
  const result = await ctx.services.llm.chat(request, { signal: ctx.signal, onToken: (text) => ctx.emitToken(text) });
  const usage = pricedUsage(result.usage, request.model, priceOverride(config));
  ctx.services.recordUsage(usage);
  const cost = usage.costUsd === undefined ? {} : { costUsd: usage.costUsd };
  const tokens = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
  if (ctx.step) ctx.step({ index: 1, kind: 'model', name: usage.model, startedAt, durationMs: now() - startedAt, status: 'success', usage: tokens, ...cost });
  else ctx.log(`${usage.model}: ${usage.inputTokens} input + ${usage.outputTokens} output tokens`);
  return { outputs: { output: result.text } };
}

export function buildChatRequest(config: LlmChatConfig, scope: { input: unknown; params: Readonly<Record<string, unknown>> }): LlmChatRequest {
  const { provider, temperature, maxTokens } = config;
  const model = config.model.trim();
  if (model === '') throw new Error('Model is required: name one, such as gpt-4o-mini, claude-sonnet-4-5 or llama3.1');

  const baseUrl = readBaseUrl(provider, config.baseUrl);

  const promptTemplate = config.prompt;
  if (promptTemplate.trim() === '') throw new Error('Prompt is required');
  const prompt = fillPlaceholders(promptTemplate, scope, 'the prompt');
  // An empty prompt is refused by every provider with a less helpful message.
  if (prompt.trim() === '') throw new Error('The prompt is empty once its placeholders are filled (did the input arrive empty?)');
  const system = fillPlaceholders(config.systemPrompt, scope, 'the system prompt');

  if (provider === 'anthropic' && temperature > 1) {
    throw new Error(`Anthropic accepts a temperature of at most 1; this node asks for ${temperature}`);
  }
  const apiKey = requireResolvedSecret(config.apiKey?.trim() ?? '', 'API key');
  return {
    provider,
    model,
    prompt,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(system.trim() ? { system } : {}),
    temperature,
    maxTokens: Math.trunc(maxTokens),
  };
}
