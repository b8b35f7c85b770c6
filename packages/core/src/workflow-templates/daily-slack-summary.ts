import { link, OPENAI_KEY_SECRET, SLACK_WEBHOOK_SECRET, type WorkflowTemplate } from './workflow-template.js';

/** Schedule → read a feed's entries → LLM digest → Slack. */
export const dailySlackSummary: WorkflowTemplate = {
  id: 'daily-slack-summary',
  name: 'Daily summary posted to Slack',
  summary: 'Every morning, fetch the news that matters and post a short digest to your team channel.',
  description:
    'Runs on a schedule, reads the latest entries of any RSS or Atom feed (each with its title, link and date), asks an LLM for a concise bullet-point digest and posts it to a Slack channel. Point it at your blog, release notes or news site.',
  category: 'Reporting',
  trigger: 'Schedule · weekdays at 09:00',
  preview: [
    { type: 'trigger.schedule', title: 'Schedule', category: 'Inputs', icon: 'clock', trigger: true },
    { type: 'feed.read', title: 'Read Feed', category: 'Integrations', icon: 'rss' },
    { type: 'llm.chat', title: 'Write Digest', category: 'AI', icon: 'sparkles' },
    { type: 'slack.message', title: 'Post to Slack', category: 'Integrations', icon: 'chat' },
  ],
  nodes: [
    // One entry per item, as text a prompt reads: title, link and date on lines of their own.
    { key: 'fetch', type: 'feed.read', label: 'Read Feed', config: { url: '{{params.feedUrl}}', limit: 30, outputAs: 'text' } },
    {
      key: 'digest',
      type: 'llm.chat',
      label: 'Write Digest',
      config: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: OPENAI_KEY_SECRET,
        systemPrompt: 'You write short, friendly team digests for Slack. Use Slack mrkdwn: *bold* and <url|title> links.',
        prompt:
          'Below are the latest entries of the feed {{params.feedUrl}}, each with its title, link and date, separated by ---. Pick the {{params.itemCount}} items a busy team most needs to know about and write one bullet each: a bold title linked to its URL, then one sentence on why it matters. No introduction.\n\n{{input}}',
        temperature: 0.3,
        maxTokens: 800,
      },
    },
    {
      key: 'post',
      type: 'slack.message',
      label: 'Post to Slack',
      config: { mode: 'webhook', webhookUrl: SLACK_WEBHOOK_SECRET, text: ':newspaper: *Daily digest*\n\n{{input}}' },
    },
  ],
  connections: [link('fetch.output', 'digest.input'), link('digest.output', 'post.input')],
  parameters: [
    { key: 'feedUrl', value: 'https://hnrss.org/frontpage', description: 'The RSS or Atom feed to summarise.' },
    { key: 'itemCount', value: '5', description: 'How many items the digest keeps.' },
  ],
  schedule: { name: 'Weekdays at 09:00', cron: '0 9 * * 1-5' },
};
