import { ALERT_MAX_EMAILS, type AlertSettings, type WorkflowAlerts } from '@weft/core';

/** The failure-alert settings as the form holds them while they are edited. */
export interface AlertForm {
  /** Addresses as typed: separated by commas, spaces or new lines. */
  emails: string;
  slackMode: 'off' | 'webhook' | 'bot';
  slackSecret: string;
  slackChannel: string;
  /** Kept as loaded (GovSlack, a compatible server): the API takes it, the form does not show it. */
  slackApiUrl: string | null;
  webhookUrl: string;
  /** '' for none. */
  errorWorkflowId: string;
}

export type AlertField = 'emails' | 'slackSecret' | 'slackChannel' | 'webhookUrl' | 'errorWorkflowId';
export type AlertIssues = Partial<Record<AlertField, string>>;

export const EMPTY_ALERT_FORM: AlertForm = {
  emails: '',
  slackMode: 'off',
  slackSecret: '',
  slackChannel: '',
  slackApiUrl: null,
  webhookUrl: '',
  errorWorkflowId: '',
};

export function alertFormOf(alerts: WorkflowAlerts): AlertForm {
  return {
    emails: alerts.emails.join(', '),
    slackMode: alerts.slack?.mode ?? 'off',
    slackSecret: alerts.slack?.secret ?? '',
    slackChannel: alerts.slack?.channel ?? '',
    slackApiUrl: alerts.slack?.apiUrl ?? null,
    webhookUrl: alerts.webhookUrl ?? '',
    errorWorkflowId: alerts.errorWorkflowId ?? '',
  };
}

export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The shape browsers check `type=email` against, near enough: something@host.tld. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WHOLE_SECRET = /^\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}$/;
const SECRET_IN_TEXT = /\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g;

/** What the form can tell before asking the server (which checks the rest: secrets, ownership). */
export function alertFormIssues(form: AlertForm): AlertIssues {
  const issues: AlertIssues = {};
  const emails = splitEmails(form.emails);
  const bad = emails.find((address) => !EMAIL.test(address));
  if (bad) issues.emails = `"${bad}" is not an e-mail address`;
  else if (emails.length > ALERT_MAX_EMAILS) issues.emails = `At most ${ALERT_MAX_EMAILS} addresses`;
  if (form.slackMode !== 'off' && form.slackSecret === '') {
    issues.slackSecret = form.slackMode === 'webhook' ? 'Pick the secret that holds the webhook URL' : 'Pick the secret that holds the bot token';
  }
  if (form.slackMode === 'bot' && form.slackChannel.trim() === '') issues.slackChannel = 'A bot posts to a channel: give its ID (C0123ABCDEF) or #name';
  const url = form.webhookUrl.trim();
  if (url !== '' && !WHOLE_SECRET.test(url) && !isWebAddress(url.replace(SECRET_IN_TEXT, 'secret'))) {
    issues.webhookUrl = 'Enter a web address starting with https://';
  }
  return issues;
}

export function alertSettingsOf(form: AlertForm): AlertSettings {
  return {
    emails: splitEmails(form.emails),
    slack:
      form.slackMode === 'off'
        ? null
        : { mode: form.slackMode, secret: form.slackSecret, channel: form.slackMode === 'bot' ? form.slackChannel.trim() : '', apiUrl: form.slackApiUrl },
    webhookUrl: form.webhookUrl.trim() === '' ? null : form.webhookUrl.trim(),
    errorWorkflowId: form.errorWorkflowId === '' ? null : form.errorWorkflowId,
  };
}

/** Whether the form says the same as the saved settings (nothing to save). */
export function sameAlertSettings(a: AlertSettings, b: AlertSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const SERVER_FIELDS: Record<string, AlertField> = {
  emails: 'emails',
  'slack.secret': 'slackSecret',
  'slack.channel': 'slackChannel',
  'slack.mode': 'slackSecret',
  webhookUrl: 'webhookUrl',
  errorWorkflowId: 'errorWorkflowId',
};

/**
 * The server's 400 ("emails.1: Enter a valid e-mail address…", "slack.secret: No secret
 * named …") under the field it names; anything else stays a message for the whole form.
 */
export function serverAlertIssue(message: string): { field?: AlertField; message: string } {
  const match = /^([A-Za-z.]+?)(?:\.\d+)?: (.+)$/.exec(message);
  const field = match?.[1] ? SERVER_FIELDS[match[1]] : undefined;
  return field && match?.[2] ? { field, message: match[2] } : { message };
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
