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
}

export interface LlmChatResult {
  readonly text: string;
  readonly usage: TokenUsage;
}

export interface LlmService {
  /** Streams the answer: `onToken` gets each piece as it arrives; resolves with the whole. */
  chat(request: LlmChatRequest, options: { signal: AbortSignal; onToken(text: string): void }): Promise<LlmChatResult>;
}
