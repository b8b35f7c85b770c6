import type { LlmToolCall, TokenUsage } from '@weft/nodes';
import type { LanguageModelUsage, TextStreamPart, ToolSet } from 'ai';
import { describeLlmError, LlmRequestError, type ModelCallTarget } from './llm-errors.js';
import type { ModelCallOptions, ProviderModel } from './llm-turn.js';

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

/**
 * One call of a provider model's own protocol (llm-turn.ts): sends it and reads its parts
 * as readModelStream reads the SDK's, so an agent's turn and a chat answer the same way.
 * Tool call arguments arrive as JSON text and are parsed here, as the SDK would; arguments
 * that are not JSON stay text, for the agent to answer the model with.
 */
export async function readModelCall(
  model: ProviderModel,
  options: ModelCallOptions,
  request: ModelCallTarget,
  signal: AbortSignal,
  onToken: (text: string) => void,
): Promise<ModelStreamResult> {
  let text = '';
  let failure: unknown;
  let usage: { input?: number; output?: number } = {};
  let modelId: string | undefined;
  let finishReason = 'unknown';
  const toolCalls: LlmToolCall[] = [];
  try {
    const { stream } = await model.doStream(options);
    // Node's ReadableStream is async-iterable (a break or throw cancels it); the DOM typings the
    // web's server tests compile this with do not say so.
    for await (const part of stream as unknown as AsyncIterable<StreamPart<typeof stream>>) {
      if (part.type === 'text-delta') {
        text += part.delta;
        onToken(part.delta);
      } else if (part.type === 'tool-call') {
        toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: toolInput(part.input) });
      } else if (part.type === 'error') {
        failure ??= part.error;
      } else if (part.type === 'response-metadata') {
        modelId = part.modelId || modelId;
      } else if (part.type === 'finish') {
        usage = { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total };
        finishReason = part.finishReason.unified;
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Cancelled');
  if (failure !== undefined) throw new LlmRequestError(await describeLlmError(failure, request), { cause: failure });
  return { text, toolCalls, finishReason, usage: { model: modelId ?? request.model, inputTokens: usage.input ?? 0, outputTokens: usage.output ?? 0 } };
}

/** A tool call's arguments: empty text is no arguments, JSON is parsed, anything else stays as it came. */
function toolInput(input: string): unknown {
  if (input.trim() === '') return {};
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/** What a stream gives, from its type. */
type StreamPart<S> = S extends ReadableStream<infer Part> ? Part : never;
