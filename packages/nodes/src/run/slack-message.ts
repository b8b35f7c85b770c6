import type { NodeRunArgs } from '../node-services.js';
import type { HttpResponseData } from '../services/http-service.js';
import type { SlackMessageConfig } from '../slack-message.node.js';
import { fillJsonPlaceholders, fillPlaceholders, type PlaceholderScope, requireResolvedSecret } from './placeholders.js';
import { retryAfterSeconds, slackErrorMessage } from './slack-errors.js';

/** Slack's Web API; GovSlack and Slack-compatible servers have their own (the node's *Slack API URL*). */
export const SLACK_API_URL = 'https://slack.com/api';
/** Slack truncates longer text, and refuses it with `msg_too_long`. */
export const SLACK_MAX_TEXT = 40_000;
/** Block Kit's limit per message. */
export const SLACK_MAX_BLOCKS = 50;
const TIMEOUT_MS = 30_000;
const JSON_UTF8 = 'application/json; charset=utf-8';

/** The part of a Slack message both ways of posting share. */
export interface SlackMessage {
  readonly text?: string;
  readonly blocks?: readonly Record<string, unknown>[];
  readonly thread_ts?: string;
  readonly unfurl_links: boolean;
}

type Post = (url: string, headers: Record<string, string>, body: object, secret: string) => Promise<HttpResponseData>;
type Output = { outputs: { output: Record<string, unknown> } };
type Log = NodeRunArgs['ctx']['log'];

/**
 * Posts one message through the host's guarded HTTP service: to an incoming webhook, or
 * with a bot token to `chat.postMessage`. Slack's refusals become errors that say what to
 * change (slack-errors.ts); the webhook URL and the token appear in no log or error.
 */
export async function runSlackMessage({ inputs, config, ctx }: NodeRunArgs<SlackMessageConfig>): Promise<Output> {
  const scope = { input: inputs.input, params: ctx.services.params };
  const message = buildSlackMessage(config, scope);
  const post: Post = async (url, headers, body, secret) => {
    try {
      return await ctx.services.http.request({ method: 'POST', url, headers, body: JSON.stringify(body), timeoutMs: TIMEOUT_MS }, { signal: ctx.signal });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      // A timeout or a failed redirect names the URL it was sending to: for a webhook that is the secret.
      throw new Error(redact(error instanceof Error ? error.message : String(error), secret));
    }
  };
  // ctx.log is a method of the engine's context: it is passed on bound.
  const log: Log = (line, level) => ctx.log(line, level);
  return config.mode === 'webhook' ? postToWebhook(config, message, post, log) : postAsBot(config, scope, message, post, log);
}

async function postToWebhook(config: SlackMessageConfig, message: SlackMessage, post: Post, log: Log): Promise<Output> {
  const webhookUrl = requireResolvedSecret(config.webhookUrl?.trim() ?? '', 'Webhook URL');
  if (webhookUrl === '') {
    throw new Error('Webhook URL is required to post through an incoming webhook: pick the secret that holds it (https://hooks.slack.com/services/…)');
  }
  const host = httpHost(webhookUrl, 'The Webhook URL secret does not hold a web address: it should start with https://hooks.slack.com/services/');
  const response = await post(webhookUrl, { 'Content-Type': JSON_UTF8 }, message, webhookUrl);
  log(`Incoming webhook on ${host} → ${response.status}`);
  if (response.status >= 200 && response.status < 300) return { outputs: { output: { ok: true } } };
  const code = webhookCode(response.status, response.body.trim());
  throw new Error(slackErrorMessage(code, { via: 'webhook', retryAfter: retryAfterSeconds(response.headers) }));
}

async function postAsBot(config: SlackMessageConfig, scope: PlaceholderScope, message: SlackMessage, post: Post, log: Log): Promise<Output> {
  const token = requireResolvedSecret(config.botToken?.trim() ?? '', 'Bot token');
  if (token === '') throw new Error('Bot token is required to post as a bot: pick the secret that holds the app’s Bot User OAuth Token (xoxb-…)');
  const channel = fillPlaceholders(config.channel.trim(), scope, 'the channel').trim();
  if (channel === '') throw new Error('Channel is required to post as a bot: the channel ID (such as C0123ABCDEF, in the channel’s details) or #name');
  // Cleared, the field means Slack's own API.
  const apiUrl = (config.apiUrl.trim() || SLACK_API_URL).replace(/\/+$/, '');
  httpHost(apiUrl, `Slack API URL "${apiUrl}" is not a web address: leave it at ${SLACK_API_URL} unless you use GovSlack or a Slack-compatible server`);
  const url = `${apiUrl}/chat.postMessage`;
  const response = await post(url, { 'Content-Type': JSON_UTF8, Authorization: `Bearer ${token}` }, { channel, ...message }, token);
  const answer = parseAnswer(response.body);
  log(`chat.postMessage to ${channel} → ${response.status} ${answer ? (answer.ok === true ? 'ok' : String(answer.error ?? 'not ok')) : 'no JSON'}`);
  for (const warning of warningsOf(answer)) log(`Slack warns: ${warning}`, 'warn');

  const retryAfter = retryAfterSeconds(response.headers);
  if (response.status === 429) throw new Error(slackErrorMessage('ratelimited', { via: 'bot', channel, retryAfter }));
  if (!answer) {
    const hint = response.status >= 500 ? `Slack answered ${response.status}: try again in a few minutes` : `is the Slack API URL (${apiUrl}) right?`;
    throw new Error(`${url} answered ${response.status} with something other than Slack’s JSON: ${hint}`);
  }
  if (answer.ok !== true) {
    const code = typeof answer.error === 'string' && answer.error !== '' ? answer.error : `HTTP ${response.status}`;
    throw new Error(slackErrorMessage(code, { via: 'bot', channel, retryAfter, needed: stringOf(answer.needed), detail: detailOf(answer) }));
  }
  return { outputs: { output: { ok: true, channel: stringOf(answer.channel) ?? channel, ts: stringOf(answer.ts) ?? null } } };
}

/** Text, blocks and thread of the message, checked against Slack's limits before anything is sent. */
export function buildSlackMessage(config: SlackMessageConfig, scope: PlaceholderScope): SlackMessage {
  const text = fillPlaceholders(config.text, scope, 'the message');
  const blocks = readBlocks(config.blocks, scope);
  if (text.trim() === '' && !blocks)
    throw new Error('The message is empty once its placeholders are filled (did the input arrive empty?): write a Message or give Blocks');
  const length = [...text].length;
  if (length > SLACK_MAX_TEXT) {
    throw new Error(
      `The message is ${length.toLocaleString('en')} characters long; Slack takes at most ${SLACK_MAX_TEXT.toLocaleString('en')}: shorten it or split it over several messages`,
    );
  }
  const threadTs = fillPlaceholders(config.threadTs.trim(), scope, 'Reply in thread').trim();
  if (threadTs !== '' && !/^\d+\.\d+$/.test(threadTs)) {
    throw new Error(`Reply in thread "${threadTs}" is not a Slack message ts: it looks like 1700000000.000100 (the ts a bot post emits)`);
  }
  return {
    ...(text.trim() === '' ? {} : { text }),
    ...(blocks ? { blocks } : {}),
    ...(threadTs === '' ? {} : { thread_ts: threadTs }),
    unfurl_links: config.unfurlLinks,
  };
}

/** Blocks as an array, from an array, Block Kit Builder's `{ "blocks": [...] }`, or JSON text of either; undefined for none. */
function readBlocks(stored: unknown, scope: PlaceholderScope): Record<string, unknown>[] | undefined {
  if (stored === undefined || stored === '') return undefined;
  let value = fillJsonPlaceholders(stored, scope, 'the blocks');
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw new Error(
        'Blocks is text that is not JSON: give an array of Block Kit blocks, such as [{"type": "section", "text": {"type": "mrkdwn", "text": "Hi"}}]',
      );
    }
  }
  if (isRecord(value) && Array.isArray(value.blocks)) value = value.blocks;
  if (!Array.isArray(value)) throw new Error('Blocks must be an array of Block Kit blocks, or the { "blocks": [...] } that Slack’s Block Kit Builder shows');
  if (value.length === 0) return undefined;
  if (value.length > SLACK_MAX_BLOCKS) throw new Error(`Blocks holds ${value.length} blocks; Slack takes at most ${SLACK_MAX_BLOCKS} in one message`);
  value.forEach((block, index) => {
    if (!isRecord(block) || typeof block.type !== 'string')
      throw new Error(`Block ${index + 1} is not a Block Kit block: each is an object with a "type", such as "section"`);
  });
  return value as Record<string, unknown>[];
}

/**
 * The error code of a webhook's answer. Slack answers with the code as plain text; a
 * 429 may come with any body, and a proxy in front may answer HTML.
 */
function webhookCode(status: number, body: string): string {
  if (status === 429) return 'rate_limited';
  if (/^[a-z_]+$/.test(body)) return body;
  return status >= 500 ? 'service_unavailable' : `HTTP ${status}`;
}

function httpHost(url: string, message: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return parsed.host;
  } catch {
    // Falls through to the error, which does not repeat the value: it may be a secret.
  }
  throw new Error(message);
}

/** The message without the secret: a webhook URL keeps its host, a token its first characters. */
function redact(text: string, secret: string): string {
  if (secret === '') return text;
  let shown = `${secret.slice(0, 5)}…`;
  const spellings = [secret];
  try {
    const url = new URL(secret);
    shown = `${url.origin}/…`;
    spellings.push(url.href);
  } catch {
    // A token: not a URL.
  }
  return spellings.reduce((result, spelling) => result.split(spelling).join(shown), text);
}

function parseAnswer(body: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `warning` (comma-separated) and `response_metadata.warnings`, as Slack sends them. */
function warningsOf(answer: Record<string, unknown> | undefined): string[] {
  if (!answer) return [];
  const listed = isRecord(answer.response_metadata) && Array.isArray(answer.response_metadata.warnings) ? answer.response_metadata.warnings : [];
  const single = typeof answer.warning === 'string' ? answer.warning.split(',') : [];
  return [...new Set([...single, ...listed].filter((w): w is string => typeof w === 'string' && w.trim() !== '').map((w) => w.trim()))];
}

/** What Slack adds about an invalid payload (`errors` or `response_metadata.messages`). */
function detailOf(answer: Record<string, unknown>): string | undefined {
  const listed = Array.isArray(answer.errors) ? answer.errors : isRecord(answer.response_metadata) ? answer.response_metadata.messages : undefined;
  if (!Array.isArray(listed)) return undefined;
  const lines = listed.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  return lines.length > 0 ? lines.slice(0, 3).join('; ') : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
