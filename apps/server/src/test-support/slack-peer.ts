import type http from 'node:http';
import { type RecordedRequest, sendJson, startPeerServer } from './peer-server.js';

/**
 * A Slack-compatible server on 127.0.0.1 for the Slack Message node: incoming webhooks
 * (`POST /services/T…/B…/<secret>`, answered as Slack does: `ok`, or an error code as text
 * with a 4xx status) and the Web API's `POST /api/chat.postMessage` (`{ ok, error }` JSON,
 * bearer token, channels by ID or name, membership, scopes, threads, 429 with Retry-After).
 * It checks what real Slack checks, so most errors come from real mistakes; `failNext`
 * makes the next call answer any other code. No vitest imports.
 *
 *   const slack = await startSlackPeer({ tokens: { 'xoxb-test': ['chat:write'] } });
 *   const hook = slack.webhook('#alerts');       // the Webhook URL secret
 *   // bot mode: Slack API URL = slack.apiUrl, Channel = 'C0ALERTS' or '#alerts'
 *   slack.messages.at(-1)                        // { via, channel, text, blocks, … }
 */
export interface SlackChannel {
  id: string;
  /** Without the #. */
  name: string;
  /** Whether the bot was invited (chat.postMessage answers not_in_channel otherwise). */
  botMember?: boolean;
  archived?: boolean;
  /** An admin restricted posting (webhooks answer action_prohibited, the API restricted_action). */
  restricted?: boolean;
  /** Deleted after its webhook was made (webhooks answer channel_not_found). */
  deleted?: boolean;
}

export interface SlackPeerOptions {
  /** Bot tokens and their scopes. */
  tokens?: Record<string, string[]>;
  /** Tokens Slack once issued and then revoked. */
  revokedTokens?: string[];
  /** Default: #general (C0GENERAL) and #alerts (C0ALERTS), the bot a member of both. */
  channels?: SlackChannel[];
  host?: string;
}

export interface SlackPosted {
  via: 'webhook' | 'api';
  /** The channel ID. */
  channel: string;
  ts: string;
  text?: string;
  blocks?: unknown[];
  thread_ts?: string;
  unfurl_links?: boolean;
}

export interface SlackPeer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The Web API base for the node's *Slack API URL*: `<url>/api`. */
  apiUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** Messages Slack accepted, oldest first. */
  messages: SlackPosted[];
  /** A new incoming-webhook URL posting to `channel` (#name or ID); the secret part is random. */
  webhook(channel: string): string;
  /** Removes a webhook, as uninstalling its app does (it then answers no_service). */
  removeWebhook(url: string): void;
  /** The next call (webhook or API) answers `error`; rate-limit codes come as 429 with Retry-After. */
  failNext(error: string, options?: { retryAfter?: number }): void;
  close(): Promise<void>;
}

const DEFAULT_CHANNELS: SlackChannel[] = [
  { id: 'C0GENERAL', name: 'general', botMember: true },
  { id: 'C0ALERTS', name: 'alerts', botMember: true },
];

/** The HTTP status Slack gives each webhook error code. */
const WEBHOOK_STATUS: Record<string, number> = {
  invalid_payload: 400,
  no_text: 400,
  invalid_blocks: 400,
  user_not_found: 400,
  action_prohibited: 403,
  posting_to_general_channel_denied: 403,
  invalid_token: 403,
  channel_not_found: 404,
  no_service: 404,
  no_service_id: 404,
  no_team: 404,
  team_disabled: 404,
  channel_is_archived: 410,
  rate_limited: 429,
  rollup_error: 500,
};
const RATE_LIMITED = new Set(['rate_limited', 'ratelimited']);
const MAX_TEXT = 40_000;

export async function startSlackPeer(options: SlackPeerOptions = {}): Promise<SlackPeer> {
  const channels = (options.channels ?? DEFAULT_CHANNELS).map((channel) => ({ ...channel }));
  const tokens = options.tokens ?? {};
  const revoked = new Set(options.revokedTokens ?? []);
  const hooks = new Map<string, string>();
  const messages: SlackPosted[] = [];
  let forced: { error: string; retryAfter: number } | undefined;
  let clock = 1_700_000_000;
  let hookCount = 0;

  const findChannel = (ref: string) => channels.find((c) => c.id === ref || `#${c.name}` === ref || c.name === ref);
  const post = (via: SlackPosted['via'], channel: string, payload: Record<string, unknown>): SlackPosted => {
    clock += 1;
    const posted: SlackPosted = {
      via,
      channel,
      ts: `${clock}.000100`,
      ...(typeof payload.text === 'string' ? { text: payload.text } : {}),
      ...(Array.isArray(payload.blocks) ? { blocks: payload.blocks } : {}),
      ...(typeof payload.thread_ts === 'string' ? { thread_ts: payload.thread_ts } : {}),
      ...(typeof payload.unfurl_links === 'boolean' ? { unfurl_links: payload.unfurl_links } : {}),
    };
    messages.push(posted);
    return posted;
  };

  const server = await startPeerServer(
    (request, res) => {
      const failure = forced;
      forced = undefined;
      if (request.method === 'POST' && /^\/services\/T\w+\/B\w+\/\w+$/.test(request.path)) {
        webhookAnswer(res, failure?.error ?? incomingWebhook(request), failure?.retryAfter);
      } else if (request.path === '/api/chat.postMessage') {
        apiAnswer(res, failure ? { ok: false, error: failure.error } : chatPostMessage(request), failure?.retryAfter);
      } else {
        sendJson(res, 404, { ok: false, error: 'unknown_method' });
      }
    },
    options.host ? { host: options.host } : {},
  );

  /** `ok` or the error code an incoming webhook answers. */
  function incomingWebhook(request: RecordedRequest): string {
    const channel = hooks.get(request.path);
    if (channel === undefined) return 'no_service';
    const target = findChannel(channel);
    if (!target || target.deleted) return 'channel_not_found';
    if (target.archived) return 'channel_is_archived';
    if (target.restricted) return 'action_prohibited';
    const payload = request.json;
    if (!isRecord(payload)) return 'invalid_payload';
    const problem = contentProblem(payload);
    if (problem) return problem === 'msg_too_long' ? 'invalid_payload' : problem;
    post('webhook', target.id, payload);
    return 'ok';
  }

  /** chat.postMessage's JSON answer. */
  function chatPostMessage(request: RecordedRequest): Record<string, unknown> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return { ok: false, error: 'not_authed' };
    if (revoked.has(token)) return { ok: false, error: 'token_revoked' };
    const scopes = tokens[token];
    if (!scopes) return { ok: false, error: 'invalid_auth' };
    if (!scopes.includes('chat:write')) return { ok: false, error: 'missing_scope', needed: 'chat:write', provided: scopes.join(',') };
    const payload = request.json;
    if (!isRecord(payload)) return { ok: false, error: 'invalid_json' };
    const warning = /charset=utf-8/i.test(request.headers['content-type'] ?? '')
      ? {}
      : { warning: 'missing_charset', response_metadata: { warnings: ['missing_charset'] } };
    const refuse = (error: string, extra: Record<string, unknown> = {}) => ({ ok: false, error, ...extra, ...warning });
    const target = typeof payload.channel === 'string' ? findChannel(payload.channel) : undefined;
    if (!target || target.deleted) return refuse('channel_not_found');
    if (target.archived) return refuse('is_archived');
    if (!target.botMember && !scopes.includes('chat:write.public')) return refuse('not_in_channel');
    if (target.restricted) return refuse('restricted_action');
    const problem = contentProblem(payload);
    if (problem === 'invalid_blocks') return refuse(problem, { errors: blockErrors(payload.blocks) });
    if (problem) return refuse(problem);
    if (typeof payload.thread_ts === 'string' && !messages.some((m) => m.channel === target.id && m.ts === payload.thread_ts)) {
      return refuse('thread_not_found');
    }
    const posted = post('api', target.id, payload);
    return { ok: true, channel: target.id, ts: posted.ts, message: { type: 'message', text: posted.text ?? '', ts: posted.ts }, ...warning };
  }

  return {
    url: server.origin,
    apiUrl: `${server.origin}/api`,
    port: server.port,
    requests: server.requests,
    messages,
    webhook(channel) {
      hookCount += 1;
      const path = `/services/T0WEFT/B${String(hookCount).padStart(4, '0')}/${Math.random().toString(36).slice(2, 14)}`;
      hooks.set(path, channel);
      return `${server.origin}${path}`;
    },
    removeWebhook(url) {
      hooks.delete(new URL(url).pathname);
    },
    failNext(error, { retryAfter = 1 } = {}) {
      forced = { error, retryAfter };
    },
    close: () => server.close(),
  };
}

/** no_text, msg_too_long or invalid_blocks for a payload Slack would refuse; undefined when it is fine. */
function contentProblem(payload: Record<string, unknown>): string | undefined {
  const text = typeof payload.text === 'string' ? payload.text : '';
  const blocks = payload.blocks;
  if (blocks !== undefined && blockErrors(blocks).length > 0) return 'invalid_blocks';
  if (text.trim() === '' && !(Array.isArray(blocks) && blocks.length > 0)) return 'no_text';
  if ([...text].length > MAX_TEXT) return 'msg_too_long';
  return undefined;
}

/** What Slack says about blocks it cannot use, in its json-pointer style. */
function blockErrors(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return ['must be an array [json-pointer:/blocks]'];
  const errors: string[] = [];
  blocks.forEach((block, index) => {
    if (!isRecord(block) || typeof block.type !== 'string') errors.push(`must provide a "type" [json-pointer:/blocks/${index}]`);
    else if (block.type === 'section' && block.text === undefined && block.fields === undefined) {
      errors.push(`must provide a "text" or "fields" field [json-pointer:/blocks/${index}]`);
    }
  });
  return errors;
}

function webhookAnswer(res: http.ServerResponse, code: string, retryAfter = 1): void {
  const status = code === 'ok' ? 200 : (WEBHOOK_STATUS[code] ?? 400);
  res.writeHead(status, { 'content-type': 'text/html', ...(RATE_LIMITED.has(code) ? { 'retry-after': String(retryAfter) } : {}) });
  res.end(code);
}

function apiAnswer(res: http.ServerResponse, body: Record<string, unknown>, retryAfter = 1): void {
  const limited = typeof body.error === 'string' && RATE_LIMITED.has(body.error);
  if (limited) res.setHeader('retry-after', String(retryAfter));
  sendJson(res, limited ? 429 : 200, body);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
