import { CONVERTER_NODE_TYPE } from '../built-in-types.js';
import { link, SLACK_WEBHOOK_SECRET, type WorkflowTemplate } from './workflow-template.js';

/** Schedule → web page → keyword condition → Slack, only when the keyword is on the page. */
export const keywordAlert: WorkflowTemplate = {
  id: 'keyword-alert',
  name: 'Keyword alert notifier',
  summary: 'Watch pages and feeds for the words you care about and get pinged the moment they appear.',
  description:
    'Checks a web page or feed on a schedule, tests its text for your keyword, and posts an alert to Slack only when it is there. Ideal for brand mentions, price changes and release notes; swap Slack for Send E-mail to be alerted by mail.',
  category: 'Monitoring',
  trigger: 'Schedule · every 15 minutes',
  preview: [
    { type: 'trigger.schedule', title: 'Schedule', category: 'Inputs', icon: 'clock', trigger: true },
    { type: 'rag.load', title: 'Load Page', category: 'RAG', icon: 'globe' },
    { type: 'logic.condition', title: 'Mentions Keyword?', category: 'Logic', icon: 'filter' },
    { type: 'slack.message', title: 'Send Alert', category: 'Integrations', icon: 'bell' },
  ],
  nodes: [
    { key: 'page', type: 'rag.load', label: 'Load Page', config: { source: 'url', url: '{{params.pageUrl}}' } },
    // The condition takes any value; placed by hand so it tests the page's text, not its document list.
    { key: 'text', type: CONVERTER_NODE_TYPE, label: 'Extract Text', config: { sourceType: 'documents', targetType: 'text' } },
    {
      key: 'check',
      type: 'logic.condition',
      label: 'Mentions Keyword?',
      config: { field: '', operator: 'contains', value: '{{params.keyword}}', caseSensitive: false },
    },
    {
      key: 'alert',
      type: 'slack.message',
      label: 'Send Alert',
      config: { mode: 'webhook', webhookUrl: SLACK_WEBHOOK_SECRET, text: ':bell: “{{params.keyword}}” appeared on {{params.pageUrl}}' },
    },
  ],
  connections: [link('page.output', 'text.input'), link('text.output', 'check.input'), link('check.true', 'alert.input')],
  parameters: [
    { key: 'pageUrl', value: '', description: 'The web page or feed to watch.' },
    { key: 'keyword', value: '', description: 'The word or phrase to look for (not case-sensitive).' },
  ],
  schedule: { name: 'Every 15 minutes', intervalSeconds: 900 },
};
