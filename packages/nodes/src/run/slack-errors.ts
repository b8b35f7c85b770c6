/** What is known about a refusal besides Slack's error code. */
export interface SlackErrorContext {
  /** Incoming webhook or bot token: the same code can call for a different fix. */
  readonly via: 'webhook' | 'bot';
  /** The channel the bot posted to. */
  readonly channel?: string;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter?: number;
  /** The scope Slack names with `missing_scope`. */
  readonly needed?: string;
  /** Slack's own words about an invalid payload. */
  readonly detail?: string;
}

type Explain = (context: SlackErrorContext) => string;

const TOKEN_ADVICE = 'check that the Bot token secret holds the app’s Bot User OAuth Token (xoxb-…) and that the app is still installed in the workspace';
const NEW_WEBHOOK = 'create a new incoming webhook in Slack (Apps → Incoming Webhooks) and put its URL in the secret';
const slackTrouble: Explain = () => 'Slack had a problem on its side: try again in a few minutes (status.slack.com says whether Slack is down)';
const noWebhook: Explain = () => `Slack no longer knows this webhook: it was removed, or its app or workspace was disabled; ${NEW_WEBHOOK}`;
const badToken: Explain = () => `Slack refused the bot token: ${TOKEN_ADVICE}`;
const restricted: Explain = (c) => `A Slack admin restricts who may post in ${where(c)}: ask them to allow this app, or post to another channel`;
const tooFast: Explain = (c) =>
  `Slack is limiting how fast this ${c.via === 'webhook' ? 'webhook' : 'app'} may post${c.retryAfter === undefined ? '' : `: try again in ${c.retryAfter} second${c.retryAfter === 1 ? '' : 's'}`}. Slack allows about one message per second per channel`;
const badBlocks: Explain = (c) =>
  `Slack could not use the Blocks${c.detail ? ` (${c.detail})` : ''}: check them in Slack’s Block Kit Builder; each block needs a "type" and the fields that type asks for`;

/**
 * Slack's error codes (incoming webhooks answer them as text with a 4xx status; the Web
 * API as `{ ok: false, error }`), each turned into what happened and what to do.
 */
const EXPLANATIONS: Readonly<Record<string, Explain>> = {
  // Incoming webhooks.
  invalid_payload: (c) => `Slack could not read the message${c.detail ? ` (${c.detail})` : ''}: check the Blocks against Slack’s Block Kit Builder`,
  no_text: () => 'Slack got no message text: write a Message or give Blocks',
  action_prohibited: restricted,
  posting_to_general_channel_denied: () => 'Only admins may post in this workspace’s #general: choose another channel for the webhook or the bot',
  no_service: noWebhook,
  no_service_id: noWebhook,
  no_team: noWebhook,
  team_disabled: noWebhook,
  invalid_token: (c) => (c.via === 'webhook' ? `The webhook URL is not valid any more: ${NEW_WEBHOOK}` : badToken(c)),
  channel_is_archived: (c) => `${capital(where(c))} is archived: unarchive it in Slack, or post to another channel`,
  rate_limited: tooFast,
  // Web API (chat.postMessage).
  channel_not_found: (c) =>
    c.via === 'webhook'
      ? `The webhook’s channel no longer exists: ${NEW_WEBHOOK}`
      : `Slack found no channel "${c.channel ?? ''}" that this bot can see: use the channel ID (such as C0123ABCDEF, in the channel’s details), and invite the bot to a private channel first`,
  not_in_channel: (c) => `The bot is not a member of ${where(c)}: invite it there with /invite @your-app, or give the app the chat:write.public scope`,
  is_archived: (c) => `${capital(where(c))} is archived: unarchive it in Slack, or post to another channel`,
  msg_too_long: () => 'The message is too long for Slack: keep it under 40,000 characters',
  invalid_blocks: badBlocks,
  invalid_blocks_format: badBlocks,
  invalid_attachments: badBlocks,
  too_many_attachments: () => 'The message has too many attachments for Slack: send at most 100',
  invalid_auth: badToken,
  not_authed: () => 'No token reached Slack: pick the secret that holds the app’s Bot User OAuth Token (xoxb-…) as Bot token',
  token_revoked: () => 'The bot token was revoked: reinstall the Slack app, and put the new Bot User OAuth Token in the secret',
  token_expired: () => 'The bot token has expired: turn off token rotation for the app, or put a fresh token in the secret',
  account_inactive: () => 'The token belongs to a deleted user or an uninstalled app: reinstall the Slack app and put the new token in the secret',
  not_allowed_token_type: () => `Slack does not take this kind of token for posting: ${TOKEN_ADVICE}`,
  missing_scope: (c) =>
    `The Slack app lacks a permission${c.needed ? ` (it needs ${c.needed})` : ''}: add the chat:write scope under OAuth & Permissions, reinstall the app, and put the new token in the secret`,
  ekm_access_denied: () => 'Your workspace’s administrators have suspended posting (Enterprise Key Management): ask them',
  team_access_not_granted: () => 'This token has no access to the workspace of that channel: install the app there',
  restricted_action: restricted,
  restricted_action_read_only_channel: (c) => `${capital(where(c))} is read-only: post to another channel`,
  restricted_action_thread_only_channel: (c) => `${capital(where(c))} takes replies in threads only: set Reply in thread`,
  restricted_action_non_threadable_channel: (c) => `${capital(where(c))} does not take replies in threads: clear Reply in thread`,
  cannot_reply_to_message: () => 'Slack does not allow a reply under that message: clear Reply in thread, or give the ts of another message',
  thread_not_found: () => 'Slack found no message to reply under: check Reply in thread',
  invalid_thread_ts: () => 'Slack found no message to reply under: check Reply in thread',
  ratelimited: tooFast,
  fatal_error: slackTrouble,
  internal_error: slackTrouble,
  service_unavailable: slackTrouble,
  request_timeout: slackTrouble,
};

/** A readable error for Slack's `code`: what happened, what to do, and the code itself to search for. */
export function slackErrorMessage(code: string, context: SlackErrorContext): string {
  const explain = Object.hasOwn(EXPLANATIONS, code) ? EXPLANATIONS[code] : undefined;
  if (explain) return `${explain(context)} (Slack: ${code})`;
  const detail = context.detail ? `: ${context.detail}` : '';
  const where = context.via === 'webhook' ? 'the incoming webhook' : 'chat.postMessage';
  return `Slack refused the message through ${where} (Slack: ${code})${detail}. Slack’s documentation of ${where} lists what this code means`;
}

/** Retry-After as whole seconds; undefined when absent or not a number of seconds. */
export function retryAfterSeconds(headers: Readonly<Record<string, string>>): number | undefined {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

function where(context: SlackErrorContext): string {
  if (context.via === 'webhook') return 'the webhook’s channel';
  return context.channel ? `channel ${context.channel}` : 'the channel';
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
