import { link, OPENAI_KEY_SECRET, type WorkflowTemplate } from './workflow-template.js';

/** Uploaded csv/xlsx → text → LLM analysis → output. */
export const spreadsheetSummarizer: WorkflowTemplate = {
  id: 'spreadsheet-summarizer',
  name: 'Spreadsheet summarizer',
  summary: 'Drop in a CSV or spreadsheet and get the trends, outliers and totals in plain language.',
  description:
    'Upload a CSV or Excel file; Weft reads every row as text, an LLM explains the trends, outliers and totals, and the summary appears in the output panel, ready to paste into a report.',
  category: 'Data',
  trigger: 'Manual run',
  preview: [
    { type: 'rag.load', title: 'Spreadsheet', category: 'RAG', icon: 'table' },
    { type: 'convert', title: 'Extract Text', category: 'Converters', icon: 'text' },
    { type: 'llm.chat', title: 'Analyse', category: 'AI', icon: 'sparkles' },
    { type: 'output', title: 'Summary', category: 'Outputs', icon: 'output' },
  ],
  nodes: [
    { key: 'sheet', type: 'rag.load', label: 'Spreadsheet', config: { source: 'file', file: '', sheet: '' } },
    {
      key: 'analyse',
      type: 'llm.chat',
      label: 'Analyse',
      config: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: OPENAI_KEY_SECRET,
        systemPrompt: 'You are a careful data analyst. Only state numbers you can read or compute from the rows given.',
        prompt:
          'Each block below is one row of a spreadsheet, as "column: value" lines. Summarise it for a manager in Markdown:\n\n1. What the data is about (one sentence).\n2. Totals and averages of the numeric columns.\n3. Trends over time, if there is a date column.\n4. Outliers worth a second look.\n\n{{input}}',
        temperature: 0.2,
        maxTokens: 1200,
      },
    },
    { key: 'summary', type: 'output', label: 'Summary', config: { format: 'markdown' } },
  ],
  // Documents meet a text input: the rules put an Extract Text converter between them.
  connections: [link('sheet.output', 'analyse.input'), link('analyse.output', 'summary.input')],
  parameters: [],
};
