import type http from 'node:http';
import { type PeerHandle, pause, peerHandle, type RecordedRequest, sendJson, startPeerServer, write } from './peer-server.js';

/**
 * A small OpenAI-compatible server on 127.0.0.1 (what Ollama, vLLM and LM Studio speak):
 * `POST /v1/chat/completions`, streaming (SSE chunks, plus the usage chunk when the
 * client sends `stream_options.include_usage`) and not. The reply is split into
 * word tokens sent a few milliseconds apart, so streaming is visible.
 * `POST /v1/embeddings` answers with `peerEmbedding` vectors: texts sharing words are near.
 *
 *   const peer = await startOpenAiPeer({ reply: 'Hello there', apiKey: 'sk-test' });
 *   // provider 'openai-compatible', baseUrl: peer.url
 *   peer.requests[0].json   // the chat request as sent
 *   peer.set({ stall: true }) // later requests hang, for cancellation and crash tests
 */
/** What both model peers (this one and anthropic-peer.ts) take; `Request` is the body of the API each speaks. */
export interface ModelPeerOptions<Request> {
  /** The answer; a function gets the request body. Default "Hello from the model peer." */
  reply?: string | ((request: Request) => string);
  /** When set, requests without this key (in the API's own header) get 401. */
  apiKey?: string;
  /** When set, other models get 404 (in the API's own error shape). */
  models?: string[];
  /**
   * Answers like a model with tools (an agent's turn): the text and the tool calls to
   * send, several at once for parallel calls. Given the request and the tool results it
   * carries, so a script can answer by where the conversation is. Takes over from `reply`.
   */
  turn?: (request: Request, toolResults: readonly PeerToolResult[]) => PeerTurn;
  /** Between tokens. Default 2 ms. */
  tokenDelayMs?: number;
  /** Answer with the stream's first event (or nothing, unstreamed) and then hang until the client leaves. */
  stall?: boolean;
  /** Stream this many tokens, then hang until the client leaves (shows tokens arrive before the answer ends). */
  stallAfterTokens?: number;
  host?: string;
}

/** One model turn a peer sends (see `ModelPeerOptions.turn`). */
export interface PeerTurn {
  readonly text?: string;
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: unknown; readonly id?: string }[];
}

/** A tool result the client sent back, as either peer reads it from its own API's shape. */
export interface PeerToolResult {
  readonly callId: string;
  readonly content: string;
  readonly isError: boolean;
}

export interface OpenAiPeerOptions extends ModelPeerOptions<ChatCompletionRequest> {
  /** Reported usage; by default prompt words and reply tokens are counted. */
  usage?: { promptTokens: number; completionTokens: number };
  /** Length of the vectors `/v1/embeddings` returns. Default 64. */
  embeddingDimensions?: number;
  /** A fixed port, for a server started before the peer that is told where it will be; default any free one. */
  port?: number;
}

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
}

/** `url` is the base URL to configure, ending in `/v1`. */
export interface OpenAiPeer extends PeerHandle {
  /** Changes options for the requests that follow. */
  set(options: Partial<OpenAiPeerOptions>): void;
}

export const DEFAULT_PEER_REPLY = 'Hello from the model peer.';

/** How the peers cut a reply into streamed tokens: each word with the spaces before it. */
export function splitIntoTokens(text: string): string[] {
  return text.match(/\s*\S+\s*$|\s*\S+/g) ?? (text === '' ? [] : [text]);
}

/** The reply a model peer gives `body`, and the tokens it streams it in. */
export function replyTo<Request>(options: ModelPeerOptions<Request>, body: Request): { reply: string; tokens: string[] } {
  const reply = typeof options.reply === 'function' ? options.reply(body) : (options.reply ?? DEFAULT_PEER_REPLY);
  return { reply, tokens: splitIntoTokens(reply) };
}

/**
 * Sends `tokens` one at a time through `send`, `tokenDelayMs` apart, hanging at
 * `stallAfterTokens` until the client leaves. False when the stream ended early (stalled,
 * or the client left), so the peer sends nothing more.
 */
export async function streamTokens(
  res: http.ServerResponse,
  tokens: readonly string[],
  options: Pick<ModelPeerOptions<unknown>, 'tokenDelayMs' | 'stallAfterTokens'>,
  send: (token: string) => Promise<void>,
): Promise<boolean> {
  for (const [index, token] of tokens.entries()) {
    if (index === options.stallAfterTokens) {
      await pause(res, 2 ** 31 - 1);
      return false;
    }
    await pause(res, options.tokenDelayMs ?? 2);
    if (res.destroyed) return false;
    await send(token);
  }
  return true;
}

export async function startOpenAiPeer(initial: OpenAiPeerOptions = {}): Promise<OpenAiPeer> {
  const options: OpenAiPeerOptions = { ...initial };
  const server = await startPeerServer(
    async (request, res) => {
      if (request.method === 'POST' && request.path === '/v1/embeddings') {
        answerEmbeddings(request, res, options);
        return;
      }
      if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
        openAiError(res, 404, `Unknown request URL: ${request.method} ${request.path}.`, 'invalid_request_error', 'unknown_url');
        return;
      }
      if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
        return;
      }
      const body = request.json as ChatCompletionRequest | undefined;
      if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        openAiError(res, 400, 'The request body must be JSON with model and messages.', 'invalid_request_error', null);
        return;
      }
      if (options.models && !options.models.includes(body.model)) {
        openAiError(res, 404, `The model \`${body.model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
        return;
      }
      const turn = options.turn?.(body, openAiToolResults(body));
      const { reply, tokens } = turn ? { reply: turn.text ?? '', tokens: splitIntoTokens(turn.text ?? '') } : replyTo(options, body);
      const calls = (turn?.toolCalls ?? []).map((call, index) => ({
        id: call.id ?? `call_${server.requests.length}_${index}`,
        name: call.name,
        args: JSON.stringify(call.arguments),
      }));
      const finishReason = calls.length > 0 ? 'tool_calls' : 'stop';
      const usage = options.usage ?? { promptTokens: countPromptWords(body.messages), completionTokens: tokens.length };
      const usageJson = {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
      };
      const id = `chatcmpl-peer-${server.requests.length}`;
      const created = Math.floor(Date.now() / 1000);

      if (!body.stream) {
        if (options.stall) return pause(res, 2 ** 31 - 1);
        sendJson(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: reply,
                ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) } : {}),
              },
              finish_reason: finishReason,
            },
          ],
          usage: usageJson,
        });
        return;
      }

      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        write(res, `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra })}\n\n`);
      await chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
      if (options.stall) return pause(res, 2 ** 31 - 1);
      if (!(await streamTokens(res, tokens, options, (token) => chunk([{ index: 0, delta: { content: token }, finish_reason: null }])))) return;
      for (const [index, call] of calls.entries()) {
        const start = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
        await chunk([{ index: 0, delta: { tool_calls: [start] }, finish_reason: null }]);
        await chunk([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: call.args } }] }, finish_reason: null }]);
      }
      await chunk([{ index: 0, delta: {}, finish_reason: finishReason }]);
      if (body.stream_options?.include_usage) await chunk([], { usage: usageJson });
      res.end('data: [DONE]\n\n');
    },
    { host: initial.host, ...(initial.port ? { port: initial.port } : {}) },
  );

  return { ...peerHandle(server, '/v1'), set: (changes) => Object.assign(options, changes) };
}

/** The tool results in a chat request: its `tool` messages, each naming the call it answers. */
export function openAiToolResults(body: ChatCompletionRequest): PeerToolResult[] {
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => {
      const { tool_call_id: callId } = message as { tool_call_id?: string };
      const content = textOf(message.content);
      return { callId: callId ?? '', content, isError: false };
    });
}

export const DEFAULT_EMBEDDING_DIMENSIONS = 64;

/**
 * A deterministic stand-in for an embedding model: a hashed bag of words. Each word adds
 * one to a dimension chosen by its hash (with a sign from the hash too), and the vector is
 * scaled to length 1, so the cosine similarity of two texts grows with the words they share.
 */
export function peerEmbedding(text: string, dimensions = DEFAULT_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + ((hash >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

interface EmbeddingsRequest {
  model?: unknown;
  input?: unknown;
  encoding_format?: unknown;
}

function answerEmbeddings(request: RecordedRequest, res: http.ServerResponse, options: OpenAiPeerOptions): void {
  if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
    openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    return;
  }
  const body = request.json as EmbeddingsRequest | undefined;
  const inputs = typeof body?.input === 'string' ? [body.input] : body?.input;
  if (!body || typeof body.model !== 'string' || !Array.isArray(inputs) || !inputs.every((input) => typeof input === 'string')) {
    openAiError(res, 400, 'The request body must be JSON with model and input (a string or a list of strings).', 'invalid_request_error', null);
    return;
  }
  if (options.models && !options.models.includes(body.model)) {
    openAiError(res, 404, `The model \`${body.model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
    return;
  }
  const dimensions = options.embeddingDimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
  const tokens = countPromptWords(inputs);
  sendJson(res, 200, {
    object: 'list',
    model: body.model,
    data: inputs.map((input, index) => {
      const vector = peerEmbedding(input, dimensions);
      // OpenAI's base64 form: the float32 bytes, little-endian.
      const embedding = body.encoding_format === 'base64' ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    }),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function openAiError(res: http.ServerResponse, status: number, message: string, type: string, code: string | null): void {
  sendJson(res, status, { error: { message, type, param: null, code } });
}

/** Words in the given message contents (strings or arrays of text parts): a tokenizer stand-in tests can predict. */
export function countPromptWords(contents: unknown[]): number {
  const text = contents.map(textOf).join(' ').trim();
  return text === '' ? 0 : text.split(/\s+/).length;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(textOf).join(' ');
  if (content && typeof content === 'object' && 'text' in content) return textOf(content.text);
  if (content && typeof content === 'object' && 'content' in content) return textOf(content.content);
  return '';
}
