import type { NodeRunContext, NodeRunResult } from '@weft/core';

/**
 * Everything a node implementation may do beyond computing: the host (apps/server)
 * builds one of these per run. Nodes never import an SDK, `fetch` or `fs`; they ask for
 * it here, so the engine and the nodes stay testable and the server keeps every
 * outbound call behind its guards (SSRF checks, sandbox limits, secret masking).
 */
export interface NodeServices {
  readonly llm: LlmService;
  readonly http: HttpService;
  readonly sandbox: SandboxService;
  readonly files: FileService;
  /** The workflow's global parameters, with `{{secrets.*}}` already resolved out of them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Adds LLM token usage to the run's record. */
  recordUsage(usage: TokenUsage): void;
}

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

export interface HttpRequestSpec {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Per request; the service also applies its own upper bound. */
  readonly timeoutMs?: number;
}

export interface HttpResponseData {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** After redirects. */
  readonly url: string;
}

export interface HttpService {
  /**
   * Sends a request through the outbound guard: private, loopback, link-local and
   * metadata addresses are refused (after DNS and on every redirect) unless the operator
   * allows them; a timeout and a response size limit apply. Throws with a message a user
   * can act on.
   */
  request(spec: HttpRequestSpec, options: { signal: AbortSignal }): Promise<HttpResponseData>;
}

export interface SandboxRunOptions {
  readonly signal: AbortSignal;
  /** CPU time the code may use. */
  readonly timeoutMs?: number;
  /** `console.log` lines. */
  onLog(line: string): void;
  /** Whose call this is (a user id): waiting calls are served round-robin between owners. */
  readonly owner?: string;
}

export interface SandboxService {
  /**
   * Runs `code` as the body of an async function inside QuickJS, with each entry of
   * `globals` (JSON values) in scope, and resolves with the JSON value it returns.
   * Throws a plain Error (the user's error message, "timed out", "out of memory").
   */
  runFunctionBody(code: string, globals: Readonly<Record<string, unknown>>, options: SandboxRunOptions): Promise<unknown>;
}

/** One of the run owner's uploads, as a node reads it. */
export interface StoredFile {
  readonly id: string;
  /** The name it was uploaded with (never used as a path). */
  readonly name: string;
  /** Detected from the content at upload, e.g. application/pdf, text/csv. */
  readonly mimeType: string;
  readonly size: number;
  readonly bytes: Uint8Array;
}

export interface FileService {
  /**
   * Reads one of the run owner's uploads by id. Throws an Error a user can act on
   * ("File … was not found: upload it again") for a missing, deleted or another user's file.
   */
  read(fileId: string): Promise<StoredFile>;
}

/** The arguments of a node implementation, as the engine passes them. */
export interface NodeRunArgs {
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly config: Readonly<Record<string, unknown>>;
  readonly ctx: NodeRunContext<NodeServices>;
}

export type NodeRun = (args: NodeRunArgs) => Promise<NodeRunResult> | NodeRunResult;
