import { dailySlackSummary } from './daily-slack-summary.js';
import { documentQa } from './document-qa.js';
import { keywordAlert } from './keyword-alert.js';
import { spreadsheetSummarizer } from './spreadsheet-summarizer.js';
import { supportAgent } from './support-agent.js';
import type { WorkflowTemplate } from './workflow-template.js';

export * from './build-from-template.js';
export * from './workflow-template.js';

/** The gallery, in the order cards show them. */
export const TEMPLATES: readonly WorkflowTemplate[] = [dailySlackSummary, spreadsheetSummarizer, keywordAlert, documentQa, supportAgent];

export function findTemplate(id: string): WorkflowTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}
