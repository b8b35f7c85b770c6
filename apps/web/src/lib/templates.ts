import type { NodeCategory } from '@weft/core';

/**
 * The starter templates (SPEC.md section 1). Shared by the landing page, the gallery
 * and the editor (`/editor?template=<id>`), which builds the workflow from `nodes`:
 * they are listed in the order data flows, each connected to the next.
 */
export interface TemplateNode {
  /** Node type the editor should place, e.g. `llm.chat`. */
  type: string;
  /** Label on the canvas. */
  title: string;
  category: NodeCategory;
  /** Which glyph previews draw for it (a UI hint kept as data). */
  icon: TemplateIcon;
  /**
   * A trigger (schedule, webhook) is how the workflow starts, set up beside it rather
   * than placed as a node: previews draw it, the editor leaves it out.
   */
  trigger?: true;
}

export type TemplateIcon =
  | 'clock'
  | 'globe'
  | 'sparkles'
  | 'chat'
  | 'file'
  | 'table'
  | 'filter'
  | 'bell'
  | 'database'
  | 'search'
  | 'scissors'
  | 'output'
  | 'text';

export interface WorkflowTemplate {
  id: string;
  name: string;
  /** One sentence for cards. */
  summary: string;
  description: string;
  category: 'Reporting' | 'Data' | 'Monitoring' | 'RAG';
  /** How the workflow is usually started. */
  trigger: string;
  nodes: readonly TemplateNode[];
}

export const TEMPLATES: readonly WorkflowTemplate[] = [
  {
    id: 'daily-slack-summary',
    name: 'Daily summary posted to Slack',
    summary: 'Every morning, fetch the news that matters and post a short digest to your team channel.',
    description:
      'Runs on a schedule, pulls articles or updates from any HTTP source, asks an LLM for a concise bullet-point digest and posts it to a Slack channel. Swap the source for your issue tracker, CRM or RSS feed.',
    category: 'Reporting',
    trigger: 'Schedule · weekdays at 09:00',
    nodes: [
      { type: 'trigger.schedule', title: 'Schedule', category: 'Inputs', icon: 'clock', trigger: true },
      { type: 'http.request', title: 'HTTP Request', category: 'Integrations', icon: 'globe' },
      { type: 'llm.chat', title: 'Summarise', category: 'AI', icon: 'sparkles' },
      { type: 'slack.message', title: 'Post to Slack', category: 'Integrations', icon: 'chat' },
    ],
  },
  {
    id: 'spreadsheet-summarizer',
    name: 'Spreadsheet summarizer',
    summary: 'Drop in a CSV or spreadsheet and get the trends, outliers and totals in plain language.',
    description:
      'Upload a CSV or spreadsheet export; Weft extracts the rows as text, an LLM explains the trends, outliers and totals, and the summary appears in the output panel, ready to paste into a report.',
    category: 'Data',
    trigger: 'Manual run',
    nodes: [
      { type: 'rag.load', title: 'Upload Spreadsheet', category: 'RAG', icon: 'table' },
      { type: 'convert', title: 'Extract Text', category: 'Converters', icon: 'text' },
      { type: 'llm.chat', title: 'Analyse', category: 'AI', icon: 'sparkles' },
      { type: 'output', title: 'Output', category: 'Outputs', icon: 'output' },
    ],
  },
  {
    id: 'keyword-alert',
    name: 'Keyword alert notifier',
    summary: 'Watch pages and feeds for the words you care about and get pinged the moment they appear.',
    description:
      'Checks web pages or feeds on a schedule, filters the content for your keywords, and sends an alert with the matching passage to Slack or any webhook. Ideal for brand mentions, price changes and release notes.',
    category: 'Monitoring',
    trigger: 'Schedule · every 15 minutes',
    nodes: [
      { type: 'trigger.schedule', title: 'Schedule', category: 'Inputs', icon: 'clock', trigger: true },
      { type: 'rag.load', title: 'Load Web Page', category: 'RAG', icon: 'globe' },
      { type: 'logic.condition', title: 'Keyword Filter', category: 'Logic', icon: 'filter' },
      { type: 'http.request', title: 'Send Alert', category: 'Integrations', icon: 'bell' },
    ],
  },
  {
    id: 'document-qa',
    name: 'Document Q&A',
    summary: 'Ask questions about your own documents and get answers grounded in the right passages.',
    description:
      'Loads your documents, splits them into chunks, indexes them in a vector store and answers questions with an LLM using only the most relevant passages as context — retrieval-augmented generation in five nodes.',
    category: 'RAG',
    trigger: 'Manual run or API',
    nodes: [
      { type: 'rag.load', title: 'Load Documents', category: 'RAG', icon: 'file' },
      { type: 'rag.split', title: 'Split Documents', category: 'RAG', icon: 'scissors' },
      { type: 'rag.store', title: 'Vector Store', category: 'RAG', icon: 'database' },
      { type: 'input.text', title: 'Question', category: 'Inputs', icon: 'text' },
      { type: 'rag.retrieve', title: 'Retrieve', category: 'RAG', icon: 'search' },
      { type: 'llm.chat', title: 'Answer', category: 'AI', icon: 'sparkles' },
    ],
  },
];

export function findTemplate(id: string): WorkflowTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}
