import type { LlmChatResult, LlmService } from '@weft/nodes';
import { type FetchFunction, languageModel } from './language-model.js';
import { createTurn } from './llm-turn.js';
import { readModelStream } from './read-model-stream.js';

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

      const { text, usage } = await readModelStream(result.fullStream, request, signal, onToken);
      return { text, usage };
    },
  };
}
