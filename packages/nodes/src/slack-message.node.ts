import { defineNode } from './define-node.js';

/** Posts to Slack through an incoming webhook, so no Slack app or bot token is needed. */
export const slackMessageNode = defineNode({
  type: 'slack.message',
  version: 1,
  title: 'Slack Message',
  category: 'Integrations',
  description: 'Posts a message to a Slack channel through an incoming webhook.',
  inputs: [{ id: 'input', label: 'Text', type: 'text', optional: true, description: 'Available in the message as {{input}}.' }],
  outputs: [{ id: 'output', label: 'Delivery', type: 'json', description: '{ ok: true } once Slack accepted the message.' }],
  config: [
    {
      kind: 'secret',
      key: 'webhookUrl',
      label: 'Webhook URL',
      required: true,
      description: 'The channel’s incoming-webhook URL (https://hooks.slack.com/services/…), kept as a secret.',
    },
    { kind: 'prompt', key: 'text', label: 'Message', required: true, default: '{{input}}', placeholder: 'Daily digest:\n\n{{input}}' },
    { kind: 'boolean', key: 'unfurlLinks', label: 'Show link previews', default: false },
  ],
  preview: true,
  docs: `Sends **Message** to the channel of the incoming webhook. Slack's *mrkdwn* formatting works (\`*bold*\`, \`_italic_\`, \`<https://example.com|links>\`); placeholders \`{{input}}\`, \`{{params.key}}\` and \`{{secrets.NAME}}\` are filled in first.

Create the webhook in Slack under *Apps → Incoming Webhooks*, then store its URL as a secret. A message longer than Slack's 40,000 characters fails the node.`,
});
