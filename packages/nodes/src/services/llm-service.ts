// The LLM contract: one streamed chat completion per call (OpenAI, Anthropic, OpenAI-compatible servers).

export type LlmProvider = 'openai' | 'anthropic' | 'openai-compatible';

export interface LlmChatRequest {
  readonly provider: LlmProvider;
  /** Required for openai-compatible; overrides the provider's own API otherwise. */
  readonly baseUrl?: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly system?: string;
  readonly prompt: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
}

export interface TokenUsage {
  readonly model?: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** US dollars, set by the node that made the call when the model's price is known (core's pricing/). */
  readonly costUsd?: number;
}

export interface LlmChatResult {
  readonly text: string;
  readonly usage: TokenUsage;
}

export interface LlmService {
  /** Streams the answer: `onToken` gets each piece as it arrives; resolves with the whole. */
  chat(request: LlmChatRequest, options: { signal: AbortSignal; onToken(text: string): void }): Promise<LlmChatResult>;
  /** One model call with tools (see {@link LlmConversations}); a host without it cannot run agents. */
  turn?: LlmConversations['turn'];
}

/**
 * One message of a conversation with tools, provider-neutral: the host's adapter turns it
 * into each provider's format. Tool results stay in the conversation, each paired with the
 * call that asked for it (`callId`), so a later turn can read what a tool returned.
 */
export type LlmMessage =
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly toolCalls: readonly LlmToolCall[] }
  | { readonly role: 'tool'; readonly results: readonly LlmToolResult[] };

export interface LlmToolCall {
  /** The provider's id of the call, given back with its result. */
  readonly id: string;
  readonly name: string;
  /** As the model wrote them (parsed JSON; the agent checks them against the tool's schema). */
  readonly arguments: unknown;
}

export interface LlmToolResult {
  readonly callId: string;
  readonly name: string;
  /** What the tool returned, as text for the model (JSON for values). */
  readonly output: string;
  /** The tool failed and `output` is its error: the model may try another way. */
  readonly isError?: boolean;
}

/** A tool as the model is told of it. */
export interface LlmToolSpec {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments (an object schema). */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/**
 * One model call of a conversation: the messages so far, the tools it may ask for. A JSON
 * answer is asked for in the prompt and checked by the caller, not through a provider's
 * structured output, which differs per provider and fights tool calls on some.
 */
export interface LlmTurnRequest extends Omit<LlmChatRequest, 'prompt'> {
  readonly messages: readonly LlmMessage[];
  readonly tools: readonly LlmToolSpec[];
}

export interface LlmTurnResult {
  readonly text: string;
  /** The tools the model asked to call, in its order; empty when it answered. Several may come at once. */
  readonly toolCalls: readonly LlmToolCall[];
  readonly usage: TokenUsage;
  /** The provider's reason for stopping: `stop`, `tool-calls`, `length`, `content-filter`, … */
  readonly finishReason: string;
}

/**
 * The conversation part of the LLM contract, for agents: one model call per `turn`, no tool
 * run by the host; the caller (the Agent's loop, packages/nodes run/agent-loop.ts) runs the
 * tools, keeps the limits and sends the results in the next turn.
 */
export interface LlmConversations {
  turn(request: LlmTurnRequest, options: { signal: AbortSignal; onToken(text: string): void }): Promise<LlmTurnResult>;
}
