import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runSlackMessage, SLACK_API_URL } from './run/slack-message.js';

/** The settings of Slack Message; its `run` reads them typed as {@link SlackMessageConfig}. */
export const slackMessageConfig = defineConfig([
  {
    kind: 'select',
    key: 'mode',
    label: 'Send with',
    default: 'webhook',
    options: choices({ webhook: 'Incoming webhook', bot: 'Bot token (chat.postMessage)' }),
  },
  {
    kind: 'secret',
    key: 'webhookUrl',
    label: 'Webhook URL',
    requiredWhen: { key: 'mode', equals: 'webhook' },
    description: 'Incoming webhook: the channel’s webhook URL (https://hooks.slack.com/services/…), kept as a secret.',
  },
  {
    kind: 'secret',
    key: 'botToken',
    label: 'Bot token',
    requiredWhen: { key: 'mode', equals: 'bot' },
    description: 'Bot token: the app’s Bot User OAuth Token (xoxb-…), kept as a secret. The app needs the chat:write scope.',
  },
  {
    kind: 'text',
    key: 'channel',
    label: 'Channel',
    default: '',
    placeholder: 'C0123ABCDEF or #general',
    description: 'Bot token: the channel ID (in the channel’s details) or #name. An incoming webhook always posts to its own channel.',
  },
  { kind: 'prompt', key: 'text', label: 'Message', required: true, default: '{{input}}', placeholder: 'Daily digest:\n\n{{input}}' },
  {
    kind: 'json',
    key: 'blocks',
    label: 'Blocks',
    description:
      'Optional Block Kit layout: an array of blocks, or the { "blocks": [...] } that Slack’s Block Kit Builder shows. The message is then the notification text.',
  },
  {
    kind: 'text',
    key: 'threadTs',
    label: 'Reply in thread',
    default: '',
    placeholder: '{{input.ts}}',
    description: 'Optional: the ts of the message to reply under, such as the ts a bot post emits.',
  },
  { kind: 'boolean', key: 'unfurlLinks', label: 'Show link previews', default: false },
  {
    kind: 'text',
    key: 'apiUrl',
    label: 'Slack API URL',
    default: SLACK_API_URL,
    description: 'Bot token: where the Web API lives. Change it only for GovSlack (https://slack-gov.com/api) or a Slack-compatible server.',
  },
]);

export type SlackMessageConfig = ConfigOf<typeof slackMessageConfig>;

/**
 * Posts to Slack through an incoming webhook (no Slack app needed) or as a bot with
 * `chat.postMessage`. Stored workflows from before the bot mode have no `mode` and post
 * through their webhook as they always did.
 */
export const slackMessageNode = defineNode({
  type: 'slack.message',
  version: 1,
  title: 'Slack Message',
  category: 'Integrations',
  description: 'Posts a message to a Slack channel through an incoming webhook or a bot token.',
  inputs: [
    {
      id: 'input',
      label: 'Value',
      type: 'any',
      optional: true,
      description: 'Available in the message as {{input}}; after a bot post, {{input.ts}} is that message’s ts.',
    },
  ],
  outputs: [
    {
      id: 'output',
      label: 'Delivery',
      type: 'json',
      description: '{ ok: true } once Slack accepted the message; a bot post adds the channel ID and the message ts (for replies in its thread).',
    },
    TOOL_OUTPUT,
  ],
  config: slackMessageConfig,
  toolUse: {
    description: 'Posts a message to a Slack channel.',
    arguments: [
      { from: 'config', key: 'text', description: 'The message, in Slack mrkdwn.' },
      { from: 'input', key: 'input', type: 'string', description: 'The text the message puts where it says {{input}}.', onlyIfUsed: true },
    ],
  },
  run: runSlackMessage,
  docs: `Sends **Message** to a Slack channel. Slack's *mrkdwn* formatting works (\`*bold*\`, \`_italic_\`, \`<https://example.com|links>\`); placeholders \`{{input}}\`, \`{{params.key}}\` and \`{{secrets.NAME}}\` are filled in first.

**Send with**
- **Incoming webhook** (the default): create one in Slack under *Apps → Incoming Webhooks* for the channel, store its URL as a secret and pick it as *Webhook URL*. The message goes to the webhook's channel.
- **Bot token**: create a Slack app with the \`chat:write\` scope, install it, store its *Bot User OAuth Token* (\`xoxb-…\`) as a secret and pick it as *Bot token*. Set **Channel** to the channel ID (\`C0123ABCDEF\`, under the channel's details) or \`#name\`, and invite the bot to the channel (\`/invite @your-app\`). The output carries the message's \`channel\` and \`ts\`: connect it to another Slack Message and set *Reply in thread* to \`{{input.ts}}\` to answer in its thread.

**Blocks** takes a Block Kit layout (paste what Slack's Block Kit Builder shows); strings in it take placeholders, and \`"{{input}}"\` alone puts in blocks an earlier node made. With blocks, *Message* is the text of the notification.

Slack's refusals become errors that say what to do: a channel that does not exist or is archived, a bot that is not in the channel, a wrong or revoked token, a missing scope, a webhook that was removed, blocks Slack cannot read, or posting too fast (Slack allows about one message per second per channel; the error says when to try again). A message longer than Slack's 40,000 characters fails before it is sent. The webhook URL and the token never appear in logs or errors, and the call goes through the same outbound guard as HTTP Request.`,
});
