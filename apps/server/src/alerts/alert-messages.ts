import type { FailedExecution } from '@weft/core';
import { escapeHtml, type MailMessage } from '../platform/mailer.js';

/** A schedule that paused itself, as its alert tells it. */
export interface PausedSchedule {
  scheduleId: string;
  scheduleName: string;
  workflowId: string;
  workflowName: string;
  /** Why Weft paused it, in the words the schedule list shows. */
  reason: string;
  /** Opens the workflow in the editor, where its schedules are. */
  url: string;
  at: string;
}

/** What one alert tells: a failed run (or the test button's example of one), or a schedule that paused itself. */
export type AlertEvent = { kind: 'failure' | 'test'; failed: FailedExecution } | { kind: 'schedule_paused'; paused: PausedSchedule };

const TRIGGER_WORDS: Record<FailedExecution['trigger'], string> = {
  schedule: 'a scheduled run',
  webhook: 'a webhook run',
  api: 'an API run',
  error: 'a run as an error workflow',
  manual: 'a manual run',
  mcp: 'a run called over MCP',
  workflow: 'a run as another workflow’s sub-workflow',
};

interface Lines {
  subject: string;
  /** The headline, then `label: value` facts, then where to look. */
  headline: string;
  facts: [label: string, value: string][];
  link: { url: string; text: string };
}

function linesOf(event: AlertEvent): Lines {
  if (event.kind === 'schedule_paused') {
    const { paused } = event;
    return {
      subject: `Weft: schedule "${paused.scheduleName}" of "${paused.workflowName}" paused itself`,
      headline: `The schedule "${paused.scheduleName}" of the workflow "${paused.workflowName}" paused itself and starts no more runs until someone resumes it.`,
      facts: [['Why', paused.reason]],
      link: { url: paused.url, text: 'Open the workflow' },
    };
  }
  const { failed } = event;
  const facts: [string, string][] = [
    ['Error', failed.error],
    ...(failed.failedNode ? ([['Failed node', failed.failedNode.label]] as [string, string][]) : []),
    ['Started by', TRIGGER_WORDS[failed.trigger]],
    ['Failed at', failed.at],
  ];
  if (event.kind === 'test') {
    return {
      subject: `Weft: test alert for "${failed.workflowName}"`,
      headline: `This is a test of the failure alerts of "${failed.workflowName}": nothing failed. A real alert looks like this.`,
      facts,
      link: { url: failed.url, text: 'Open the workflow' },
    };
  }
  return {
    subject: `Weft: "${failed.workflowName}" failed`,
    headline: `A run of "${failed.workflowName}" failed. Further failures send nothing until a run succeeds again.`,
    facts,
    link: { url: failed.url, text: 'Open the failed run' },
  };
}

export function alertMail(event: AlertEvent, to: string): MailMessage {
  const lines = linesOf(event);
  const text = [lines.headline, '', ...lines.facts.map(([label, value]) => `${label}: ${value}`), '', `${lines.link.text}: ${lines.link.url}`].join('\n');
  const html = [
    `<p>${escapeHtml(lines.headline)}</p>`,
    `<table>${lines.facts.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    `<p><a href="${escapeHtml(lines.link.url)}">${escapeHtml(lines.link.text)}</a></p>`,
  ].join('\n');
  return { to, subject: lines.subject, text, html };
}

/** Slack's mrkdwn: `&`, `<` and `>` are its markup and must be escaped in user text. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function alertSlackText(event: AlertEvent): string {
  const lines = linesOf(event);
  const icon = event.kind === 'test' ? ':bell:' : ':rotating_light:';
  return [
    `${icon} ${slackEscape(lines.headline)}`,
    ...lines.facts.map(([label, value]) => `*${label}:* ${slackEscape(value)}`),
    `<${lines.link.url}|${lines.link.text}>`,
  ].join('\n');
}

/** The JSON a webhook alert POSTs: `type`, then the failed execution or the paused schedule. */
export function alertWebhookBody(event: AlertEvent): Record<string, unknown> {
  if (event.kind === 'schedule_paused') return { type: 'schedule.paused', ...event.paused };
  return { type: event.kind === 'test' ? 'alert.test' : 'execution.failed', ...event.failed };
}
