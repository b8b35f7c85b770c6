import type http from 'node:http';
import { countPromptWords, type ModelPeerOptions, replyTo, streamTokens } from './openai-peer.js';
import { type PeerHandle, pause, peerHandle, sendJson, startPeerServer, write } from './peer-server.js';

/**
 * A small Anthropic Messages API server on 127.0.0.1: `POST /v1/messages`, streaming
 * (message_start, content_block_start, content_block_delta per token, content_block_stop,
 * message_delta with usage, message_stop) and not. Checks `x-api-key` when one is set.
 *
 *   const peer = await startAnthropicPeer({ reply: 'Bonjour', apiKey: 'sk-ant-test' });
 *   // provider 'anthropic', baseUrl: peer.url
 */
export interface AnthropicPeerOptions extends ModelPeerOptions<MessagesRequest> {
  /** Reported usage; by default prompt words and reply tokens are counted. */
  usage?: { inputTokens: number; outputTokens: number };
}

export interface MessagesRequest {
  model: string;
  max_tokens?: number;
  system?: unknown;
  messages: { role: string; content: unknown }[];
  stream?: boolean;
  temperature?: number;
}

/** `url` is the base URL to configure, ending in `/v1`. */
export interface AnthropicPeer extends PeerHandle {
  set(options: Partial<AnthropicPeerOptions>): void;
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
      const { reply, tokens } = replyTo(options, body);
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
      if (!(await streamTokens(res, tokens, options, (token) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: token } }))))
        return;
      await event('content_block_stop', { index: 0 });
      await event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.outputTokens } });
      await event('message_stop', {});
      res.end();
    },
    { host: initial.host },
  );

  return { ...peerHandle(server, '/v1'), set: (changes) => Object.assign(options, changes) };
}

function anthropicError(res: http.ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message } });
}
