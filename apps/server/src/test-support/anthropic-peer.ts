import type http from 'node:http';
import { countPromptWords, type ModelPeerOptions, type PeerToolResult, replyTo, splitIntoTokens, streamTokens } from './openai-peer.js';
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
  tools?: { name: string; description?: string; input_schema?: unknown }[];
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
      const turn = options.turn?.(body, anthropicToolResults(body));
      const { reply, tokens } = turn ? { reply: turn.text ?? '', tokens: splitIntoTokens(turn.text ?? '') } : replyTo(options, body);
      const calls = (turn?.toolCalls ?? []).map((call, index) => ({
        id: call.id ?? `toolu_${server.requests.length}_${index}`,
        name: call.name,
        input: call.arguments,
      }));
      const stopReason = calls.length > 0 ? 'tool_use' : 'end_turn';
      const usage = options.usage ?? { inputTokens: countPromptWords([body.system ?? '', ...body.messages]), outputTokens: tokens.length };
      const id = `msg_peer_${server.requests.length}`;

      if (!body.stream) {
        if (options.stall) return pause(res, 2 ** 31 - 1);
        sendJson(res, 200, {
          id,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [{ type: 'text', text: reply }, ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input }))],
          stop_reason: stopReason,
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
      for (const [offset, call] of calls.entries()) {
        const index = offset + 1;
        await event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
        await event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) } });
        await event('content_block_stop', { index });
      }
      await event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.outputTokens } });
      await event('message_stop', {});
      res.end();
    },
    { host: initial.host },
  );

  return { ...peerHandle(server, '/v1'), set: (changes) => Object.assign(options, changes) };
}

/** The tool results in a Messages request: `tool_result` blocks of its user messages. */
export function anthropicToolResults(body: MessagesRequest): PeerToolResult[] {
  const results: PeerToolResult[] = [];
  for (const message of body.messages) {
    if (message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const block of message.content as { type?: string; tool_use_id?: string; content?: unknown; is_error?: boolean }[]) {
      if (block.type !== 'tool_result') continue;
      const content = typeof block.content === 'string' ? block.content : JSON.stringify(block.content ?? '');
      results.push({ callId: block.tool_use_id ?? '', content: textContent(block.content) ?? content, isError: block.is_error === true });
    }
  }
  return results;
}

function textContent(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content.map((part: { text?: string }) => part.text ?? '').join('');
}

function anthropicError(res: http.ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message } });
}
