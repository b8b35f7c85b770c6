import type { LlmConversations, LlmMessage, LlmTurnRequest, LlmTurnResult } from '@weft/nodes';
import type { ModelMessage, ToolSet } from 'ai';
import { type FetchFunction, languageModel } from './language-model.js';
import { readModelStream } from './read-model-stream.js';

/**
 * One model call of an agent's conversation (`LlmService.turn`) over the AI SDK: the
 * neutral messages turned into the SDK's, the tools declared without `execute`, so the
 * SDK runs none and stops after this one call with the calls the model asked for. The
 * agent's loop (packages/nodes run/agent-loop.ts) runs the tools and keeps the limits.
 * Streaming, retries off, the guarded fetch and the error messages as for `chat`.
 */
export function createTurn(fetch: FetchFunction): LlmConversations['turn'] {
  return async (request, { signal, onToken }): Promise<LlmTurnResult> => {
    const model = await languageModel(request, fetch);
    const { streamText, jsonSchema, tool } = await import('ai');
    const tools: ToolSet = {};
    for (const spec of request.tools) {
      tools[spec.name] = tool({ description: spec.description, inputSchema: jsonSchema(spec.parameters as Parameters<typeof jsonSchema>[0]) });
    }
    const result = streamText({
      model,
      system: request.system || undefined,
      messages: modelMessages(request.messages),
      ...(request.tools.length > 0 ? { tools } : {}),
      temperature: request.temperature,
      maxOutputTokens: request.maxTokens,
      abortSignal: signal,
      maxRetries: 0,
      onError: () => {},
    });

    const { text, toolCalls, finishReason, usage } = await readModelStream(result.fullStream, request, signal, onToken);
    return { text, toolCalls, finishReason, usage };
  };
}

/** The agent's provider-neutral messages as the SDK's: tool results paired with their calls by id. */
export function modelMessages(messages: LlmTurnRequest['messages']): ModelMessage[] {
  return messages.map(modelMessage);
}

function modelMessage(message: LlmMessage): ModelMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.text };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
          ...message.toolCalls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.arguments ?? {} })),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: message.results.map((result) => ({
          type: 'tool-result' as const,
          toolCallId: result.callId,
          toolName: result.name,
          output: result.isError ? { type: 'error-text' as const, value: result.output } : { type: 'text' as const, value: result.output },
        })),
      };
  }
}
