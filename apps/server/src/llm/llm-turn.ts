import type { LlmConversations, LlmMessage, LlmTurnResult } from '@weft/nodes';
import type { JSONSchema7, LanguageModel } from 'ai';
import { type FetchFunction, languageModel } from './language-model.js';
import { LlmRequestError } from './llm-errors.js';
import { readModelCall } from './read-model-stream.js';

/** The provider model's own protocol (`doStream`), which every provider Weft uses speaks. */
export type ProviderModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;
export type ModelCallOptions = Parameters<ProviderModel['doStream']>[0];
type ModelPrompt = ModelCallOptions['prompt'];

/**
 * One model call of an agent's conversation (`LlmService.turn`): the neutral messages
 * turned into the provider model's prompt and sent with its `doStream`, the tools declared
 * as JSON Schema; nothing runs them, and the call ends with the calls the model asked for.
 * The agent's loop (packages/nodes run/agent-loop.ts) runs the tools and keeps the limits.
 *
 * Not `streamText`: it checks the whole conversation against its message schema (zod) on
 * every call, so an agent's model calls cost more the longer it runs, for messages this
 * file builds itself (bench/README.md, "Agent loop"). The provider still builds its own
 * request from the prompt and checks every chunk it receives. Streaming, no retries, the
 * guarded fetch and the error messages as for `chat`.
 */
export function createTurn(fetch: FetchFunction): LlmConversations['turn'] {
  return async (request, { signal, onToken }): Promise<LlmTurnResult> => {
    const model = await languageModel(request, fetch);
    if (typeof model !== 'object' || model.specificationVersion !== 'v3') {
      throw new LlmRequestError(`The model "${request.model}" does not speak the model protocol this server uses for agents.`);
    }
    const hasTools = request.tools.length > 0;
    const options: ModelCallOptions = {
      prompt: modelPrompt(request.system, request.messages),
      ...(hasTools
        ? {
            tools: request.tools.map((spec) => ({
              type: 'function' as const,
              name: spec.name,
              description: spec.description,
              inputSchema: spec.parameters as JSONSchema7,
            })),
            toolChoice: { type: 'auto' as const },
          }
        : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { maxOutputTokens: request.maxTokens }),
      abortSignal: signal,
    };
    return readModelCall(model, options, request, signal, onToken);
  };
}

/**
 * The system prompt and the agent's provider-neutral messages as the provider's prompt:
 * tool results paired with their calls by id, a tool's failure as error text, and the
 * results of consecutive tool messages in one (the form the SDK's own conversion gives).
 */
export function modelPrompt(system: string | undefined, messages: readonly LlmMessage[]): ModelPrompt {
  const prompt: ModelPrompt = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        prompt.push({ role: 'user', content: [{ type: 'text', text: message.text }] });
        break;
      case 'assistant':
        prompt.push({
          role: 'assistant',
          content: [
            ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
            ...message.toolCalls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.arguments ?? {} })),
          ],
        });
        break;
      case 'tool': {
        const results = message.results.map((result) => ({
          type: 'tool-result' as const,
          toolCallId: result.callId,
          toolName: result.name,
          output: result.isError ? { type: 'error-text' as const, value: result.output } : { type: 'text' as const, value: result.output },
        }));
        const last = prompt.at(-1);
        if (last?.role === 'tool') last.content.push(...results);
        else prompt.push({ role: 'tool', content: results });
        break;
      }
    }
  }
  return prompt;
}
