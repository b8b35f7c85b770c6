import type { LlmToolCall, TokenUsage } from '@weft/nodes';
import type { LanguageModelUsage, TextStreamPart, ToolSet } from 'ai';
import { describeLlmError, LlmRequestError, type ModelCallTarget } from './llm-errors.js';

/** What one streamed model call came to. */
export interface ModelStreamResult {
  text: string;
  toolCalls: LlmToolCall[];
  finishReason: string;
  usage: TokenUsage;
}

/**
 * Reads one model call's stream: text as it comes (`onToken`), the tool calls the model
 * asked for, the model that answered and the tokens used. fullStream rather than
 * textStream: textStream silently ends on a provider error, and the error (a 401, say) is
 * what the user needs to see, worded by describeLlmError. Shared by chat and the agent's turns.
 */
export async function readModelStream(
  stream: AsyncIterable<TextStreamPart<ToolSet>>,
  request: ModelCallTarget,
  signal: AbortSignal,
  onToken: (text: string) => void,
): Promise<ModelStreamResult> {
  let text = '';
  let failure: unknown;
  let usage: LanguageModelUsage | undefined;
  let modelId: string | undefined;
  let finishReason = 'unknown';
  const toolCalls: LlmToolCall[] = [];
  try {
    for await (const part of stream) {
      if (part.type === 'text-delta') {
        text += part.text;
        onToken(part.text);
      } else if (part.type === 'tool-call') {
        // An invalid call (unknown tool, arguments not JSON) comes too: the agent answers it.
        toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
      } else if (part.type === 'error') {
        failure ??= part.error;
      } else if (part.type === 'finish-step') {
        modelId = part.response.modelId || modelId;
      } else if (part.type === 'finish') {
        usage = part.totalUsage;
        finishReason = part.finishReason;
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Cancelled');
  if (failure !== undefined) throw new LlmRequestError(await describeLlmError(failure, request), { cause: failure });
  return {
    text,
    toolCalls,
    finishReason,
    usage: { model: modelId ?? request.model, inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 },
  };
}
