import type { LlmChatResult, LlmService } from '@weft/nodes';
import type { LanguageModelUsage } from 'ai';
import { type FetchFunction, languageModel } from './language-model.js';
import { describeLlmError, LlmRequestError } from './llm-errors.js';
import { createTurn } from './llm-turn.js';

// The SDK prints provider warnings ("temperature is not supported by …") with
// console.warn, beside the server's structured log; the LlmService contract has no
// channel for them, so they are turned off rather than left to clutter stdout.
globalThis.AI_SDK_LOG_WARNINGS = false;

// The AI SDK and its providers (about 1.8 MB of JavaScript) are imported on the first model
// call, not at start: most runs never call a model (bench/cold-start.bench.mjs).

export type { FetchFunction } from './language-model.js';

/**
 * The LLM service nodes use, over the Vercel AI SDK providers. Every provider is given
 * the guarded `fetch`, so model calls obey the same outbound rules as the HTTP node
 * (a base URL on the LAN needs WEFT_ALLOWED_PRIVATE_HOSTS). The SDK's own retries are
 * off: the engine retries nodes with the backoff the workflow asks for.
 */
export function createLlmService(fetch: FetchFunction): LlmService {
  return {
    turn: createTurn(fetch),
    async chat(request, { signal, onToken }): Promise<LlmChatResult> {
      const model = await languageModel(request, fetch);
      const { streamText } = await import('ai');
      const result = streamText({
        model,
        system: request.system || undefined,
        prompt: request.prompt,
        temperature: request.temperature,
        maxOutputTokens: request.maxTokens,
        abortSignal: signal,
        maxRetries: 0,
        // The default handler prints the whole error to the console, request body (the
        // prompt, which may hold secrets) included; errors are read from fullStream below.
        onError: () => {},
      });

      let text = '';
      let failure: unknown;
      let usage: LanguageModelUsage | undefined;
      let modelId: string | undefined;
      try {
        // fullStream rather than textStream: textStream silently ends on a provider
        // error, and the error (a 401, say) is what the user needs to see.
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            text += part.text;
            onToken(part.text);
          } else if (part.type === 'error') {
            failure ??= part.error;
          } else if (part.type === 'finish-step') {
            modelId = part.response.modelId || modelId;
          } else if (part.type === 'finish') {
            usage = part.totalUsage;
          }
        }
      } catch (error) {
        failure ??= error;
      }
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Cancelled');
      if (failure !== undefined) throw new LlmRequestError(await describeLlmError(failure, request), { cause: failure });
      return {
        text,
        usage: { model: modelId ?? request.model, inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 },
      };
    },
  };
}
