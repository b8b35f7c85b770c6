import type { LlmChatConfig } from '../llm-chat.node.js';
import type { NodeRunArgs } from '../node-services.js';
import type { LlmChatRequest } from '../services/llm-service.js';
import { readBaseUrl } from './base-url.js';
import { fillPlaceholders, requireResolvedSecret } from './placeholders.js';

/**
 * One chat completion through the host's LLM service: prompts filled, tokens streamed to
 * the run as they arrive, usage recorded with the run. Config mistakes are caught here,
 * before any call, with messages that say what to set.
 */
export async function runLlmChat({ inputs, config, ctx }: NodeRunArgs<LlmChatConfig>) {
  const request = buildChatRequest(config, { input: inputs.input, params: ctx.services.params });
  const result = await ctx.services.llm.chat(request, { signal: ctx.signal, onToken: (text) => ctx.emitToken(text) });
  const usage = { ...result.usage, model: result.usage.model ?? request.model };
  ctx.services.recordUsage(usage);
  ctx.log(`${usage.model}: ${usage.inputTokens} input + ${usage.outputTokens} output tokens`);
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
