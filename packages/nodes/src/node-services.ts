import type { ChunkValue, DocumentValue, EmbeddingProvider, NodeRunContext, NodeRunResult, ResultValue } from '@weft/core';

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
  /** Parses files into documents and splits documents into chunks (document formats live in the server). */
  readonly documents: DocumentService;
  /** Text embeddings (OpenAI and OpenAI-compatible servers), behind the same outbound guard as `llm`. */
  readonly embeddings: EmbeddingService;
  /** The run owner's collections of the vector store. */
  readonly vectors: VectorStoreService;
  /** Sends e-mail over the SMTP server a node names, behind the same outbound guard as `http`. */
  readonly mail: MailService;
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
  /**
   * `body` parsed as JSON by the host, which may do it away from its event loop and refuses
   * nesting past its limit. Rejects with a SyntaxError when the body is not JSON. A host
   * without it leaves nodes to parse `body` themselves.
   */
  json?(): Promise<unknown>;
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

/** A file to parse: an upload, or a fetched web page (then `name` is its URL). */
export interface DocumentFile {
  /** Names the file in metadata (`source`) and in errors; its extension says the format. */
  readonly name: string;
  /** Used when the name has no known extension (a web page's Content-Type). */
  readonly mimeType?: string;
  readonly bytes: Uint8Array;
}

export interface ParseOptions {
  /** The Excel worksheet to read; empty or absent reads the first. */
  readonly sheet?: string;
  readonly signal?: AbortSignal;
}

/** How the Text Splitter cuts: the most characters per chunk, the characters neighbours share, and where it prefers to cut. */
export interface SplitOptions {
  readonly chunkSize: number;
  readonly chunkOverlap: number;
  readonly splitOn: 'paragraphs' | 'sentences' | 'characters';
  readonly signal?: AbortSignal;
}

export interface DocumentService {
  /**
   * The documents in one file: the whole text for text, Markdown, HTML, JSON objects and
   * Word; one per row for CSV and Excel (metadata `row`, and `sheet`), one per item of a
   * JSON list (`item`), one per page with text for PDF (`page`). Metadata `source` is the
   * file's name. Throws an Error that starts with the file's name and says what is wrong
   * (empty, damaged, password-protected, not the format its name says, unsupported).
   */
  parse(file: DocumentFile, options?: ParseOptions): Promise<DocumentValue[]>;
  /**
   * Chunks of at most `chunkSize` characters, each with its document's metadata plus
   * `chunk`: its position in the returned list, from 0 (as the Split Documents converter
   * numbers them). Documents without text give no chunks.
   */
  split(documents: readonly DocumentValue[], options: SplitOptions): Promise<ChunkValue[]>;
}

/** Which embedding model a collection is built with; a Retriever embeds its queries the same way. */
export interface EmbeddingModelRef {
  readonly provider: Exclude<EmbeddingProvider, 'none'>;
  /** Required for openai-compatible; overrides OpenAI's own API otherwise. */
  readonly baseUrl?: string;
  readonly model: string;
}

export interface EmbedRequest extends EmbeddingModelRef {
  readonly apiKey?: string;
  /** Embedded in one call: the caller batches. */
  readonly texts: readonly string[];
}

export interface EmbedResult {
  /** One vector per text, in order, all of one length. */
  readonly embeddings: readonly (readonly number[])[];
  readonly usage: TokenUsage;
}

export interface EmbeddingService {
  /** Embeds the texts in one request. Throws with a message a user can act on (bad key, wrong model, unreachable server). */
  embed(request: EmbedRequest, options: { signal: AbortSignal }): Promise<EmbedResult>;
}

/** A collection as a node sees it. */
export interface CollectionInfo {
  readonly name: string;
  /** Null for a collection stored for keyword search only. */
  readonly embedding: EmbeddingModelRef | null;
  /** Length of its embeddings; 0 when it has none. */
  readonly dimensions: number;
  readonly chunks: number;
}

export interface StoreChunksRequest {
  readonly collection: string;
  /** Null stores the chunks for keyword search only. */
  readonly embedding: EmbeddingModelRef | null;
  readonly chunks: readonly ChunkValue[];
  /**
   * `replace`: afterwards the collection holds exactly these chunks (chunks it already had
   * are kept, not embedded again). `append`: these are added to what it holds. Either way a
   * chunk already stored (same text and source) is not stored twice.
   */
  readonly mode: 'replace' | 'append';
  /**
   * Embeds texts the collection lacks, a batch at a time, resolving with one vector per
   * text in order. The store writes each batch before asking for the next, so a failure
   * keeps what was stored and a second run embeds only the rest.
   */
  embed(texts: readonly string[]): Promise<readonly (readonly number[])[]>;
  readonly signal: AbortSignal;
}

export interface StoreChunksResult {
  readonly collection: string;
  /** Chunks embedded and written by this call. */
  readonly added: number;
  /** Chunks of the input the collection already held. */
  readonly unchanged: number;
  /** Chunks removed (replace mode: no longer in the input). */
  readonly removed: number;
  /** Chunks in the collection afterwards. */
  readonly total: number;
  readonly dimensions: number;
}

export type RetrievalMode = 'vector' | 'keyword' | 'hybrid';

/** Metadata keys and the value each must equal; an array value means any one of them. */
export type MetadataFilter = Readonly<Record<string, string | number | boolean | null | readonly (string | number | boolean)[]>>;

export interface VectorQuery {
  readonly collection: string;
  readonly mode: RetrievalMode;
  /** The query text (keyword and hybrid search it). */
  readonly text: string;
  /** The query's embedding (vector and hybrid), made with the collection's model. */
  readonly vector?: readonly number[];
  readonly topK: number;
  /** Results scoring below this are left out (the score of the mode: see ResultValue). */
  readonly minScore: number;
  readonly filter?: MetadataFilter;
}

export interface VectorStoreService {
  /** The run owner's collection of that name; undefined when they have none. */
  collection(name: string): Promise<CollectionInfo | undefined>;
  /** Writes chunks with their embeddings and a content hash. Throws naming the problem (model or dimensions that do not match the collection). */
  store(request: StoreChunksRequest): Promise<StoreChunksResult>;
  /**
   * The best `topK` chunks, best first. Scores: cosine similarity (vector), BM25 relevance
   * mapped to 0–1 (keyword), reciprocal rank fusion of both lists scaled to 0–1 (hybrid: 1
   * is first in both).
   */
  query(query: VectorQuery): Promise<readonly ResultValue[]>;
}

/** How the SMTP connection is encrypted: STARTTLS (port 587), TLS from the start (465), or not at all (a local relay). */
export type SmtpSecurity = 'starttls' | 'tls' | 'none';

export interface MailSendRequest {
  readonly host: string;
  readonly port: number;
  /** `starttls` refuses a server that does not offer STARTTLS rather than falling back to plain text. */
  readonly security: SmtpSecurity;
  /** With `password`, signs in; neither is ever logged. */
  readonly user?: string;
  readonly password?: string;
  /** One address, optionally with a name: `Weft <alerts@example.com>`. */
  readonly from: string;
  readonly to: readonly string[];
  readonly cc?: readonly string[];
  readonly bcc?: readonly string[];
  readonly replyTo?: string;
  readonly subject: string;
  /** The plain-text body; with `html` as well, the plain-text alternative. */
  readonly text?: string;
  /** An HTML body. The service sanitises it, and derives the plain-text alternative from it when `text` is unset. */
  readonly html?: string;
  /** The whole send, connecting included. The service applies its own upper bound. */
  readonly timeoutMs?: number;
}

export interface MailSendResult {
  /** The Message-ID header the mail was sent with. */
  readonly messageId: string;
  readonly accepted: readonly string[];
  /** Recipients the server refused while others were accepted (all refused is an error). */
  readonly rejected: readonly string[];
  /** The server's last answer, e.g. `250 2.0.0 OK queued as 4Fx…`. */
  readonly response: string;
}

export interface MailService {
  /**
   * Sends one message over SMTP. The host is resolved and checked like an HTTP
   * destination (private, loopback and metadata addresses refused unless the operator
   * allows them) and the connection goes to the address that was checked. Throws with a
   * message a user can act on: wrong password, refused connection, rejected recipient.
   */
  send(request: MailSendRequest, options: { signal: AbortSignal }): Promise<MailSendResult>;
}

/** The arguments of a node implementation, as the engine passes them. */
export interface NodeRunArgs {
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly config: Readonly<Record<string, unknown>>;
  readonly ctx: NodeRunContext<NodeServices>;
}

export type NodeRun = (args: NodeRunArgs) => Promise<NodeRunResult> | NodeRunResult;
