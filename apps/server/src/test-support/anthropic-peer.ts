import type http from 'node:http';
import { countPromptWords, DEFAULT_PEER_REPLY, splitIntoTokens } from './openai-peer.js';
import { pause, type RecordedRequest, sendJson, startPeerServer, write } from './peer-server.js';

/**
 * A small Anthropic Messages API server on 127.0.0.1: `POST /v1/messages`, streaming
 * (message_start, content_block_start, content_block_delta per token, content_block_stop,
 * message_delta with usage, message_stop) and not. Checks `x-api-key` when one is set.
 *
 *   const peer = await startAnthropicPeer({ reply: 'Bonjour', apiKey: 'sk-ant-test' });
 *   // provider 'anthropic', baseUrl: peer.url
 */
export interface AnthropicPeerOptions {
  /** The answer; a function gets the request body. Default "Hello from the model peer." */
  reply?: string | ((request: MessagesRequest) => string);
  /** When set, requests without `x-api-key: <apiKey>` get 401. */
  apiKey?: string;
  /** When set, other models get 404 not_found_error. */
  models?: string[];
  /** Between tokens. Default 2 ms. */
  tokenDelayMs?: number;
  /** Reported usage; by default prompt words and reply tokens are counted. */
  usage?: { inputTokens: number; outputTokens: number };
  /** Send message_start and then hang until the client leaves. */
  stall?: boolean;
  /** Stream this many tokens, then hang until the client leaves. */
  stallAfterTokens?: number;
  host?: string;
}

export interface MessagesRequest {
  model: string;
  max_tokens?: number;
  system?: unknown;
  messages: { role: string; content: unknown }[];
  stream?: boolean;
  temperature?: number;
}

export interface AnthropicPeer {
  /** Base URL to configure, ending in `/v1`. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  set(options: Partial<AnthropicPeerOptions>): void;
  waitForRequests(count: number, options?: { timeoutMs?: number }): Promise<void>;
  waitForDisconnects(count: number, options?: { timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function startAnthropicPeer(initial: AnthropicPeerOptions = {}): Promise<AnthropicPeer> {
  const options: AnthropicPeerOptions = { ...initial };
  const server = await startPeerServer(
    async (request, res) => {
      if (request.method !== 'POST' || request.path !== '/v1/messages') {
        anthropicError(res, 404, 'not_found_error', `Not found: ${request.method} ${request.path}`);
        return;
      }
      if (options.apiKey !== undefined && request.headers['x-api-key'] !== options.apiKey) {
        anthropicError(res, 401, 'authentication_error', 'invalid x-api-key');
        return;
      }
      const body = request.json as MessagesRequest | undefined;
      if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages) || typeof body.max_tokens !== 'number') {
        anthropicError(res, 400, 'invalid_request_error', 'model, messages and max_tokens are required');
        return;
      }
      if (options.models && !options.models.includes(body.model)) {
        anthropicError(res, 404, 'not_found_error', `model: ${body.model}`);
        return;
      }
      const reply = typeof options.reply === 'function' ? options.reply(body) : (options.reply ?? DEFAULT_PEER_REPLY);
      const tokens = splitIntoTokens(reply);
      const usage = options.usage ?? { inputTokens: countPromptWords([body.system ?? '', ...body.messages]), outputTokens: tokens.length };
      const id = `msg_peer_${server.requests.length}`;

      if (!body.stream) {
        if (options.stall) return pause(res, 2 ** 31 - 1);
        sendJson(res, 200, {
          id,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [{ type: 'text', text: reply }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
        });
        return;
      }

      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const event = (type: string, data: Record<string, unknown>) => write(res, `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      await event('message_start', {
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: usage.inputTokens, output_tokens: 1 },
        },
      });
      if (options.stall) return pause(res, 2 ** 31 - 1);
      await event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      for (const [index, token] of tokens.entries()) {
        if (index === options.stallAfterTokens) return pause(res, 2 ** 31 - 1);
        await pause(res, options.tokenDelayMs ?? 2);
        if (res.destroyed) return;
        await event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: token } });
      }
      await event('content_block_stop', { index: 0 });
      await event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.outputTokens } });
      await event('message_stop', {});
      res.end();
    },
    { host: initial.host },
  );

  return {
    url: `${server.origin}/v1`,
    port: server.port,
    requests: server.requests,
    set: (changes) => Object.assign(options, changes),
    waitForRequests: server.waitForRequests,
    waitForDisconnects: server.waitForDisconnects,
    close: server.close,
  };
}

function anthropicError(res: http.ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message } });
}
