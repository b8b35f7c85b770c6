import type { WorkflowAlerts } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { alertFormIssues, alertFormOf, alertSettingsOf, EMPTY_ALERT_FORM, sameAlertSettings, serverAlertIssue, splitEmails } from './alert-form';

const saved: WorkflowAlerts = {
  emails: ['ops@example.com', 'dev@example.com'],
  slack: { mode: 'bot', secret: 'SLACK_TOKEN', channel: '#alerts', apiUrl: 'https://slack-gov.com/api' },
  webhookUrl: 'https://hooks.example.com/x',
  errorWorkflowId: 'w2',
  errorWorkflowName: 'On failure',
  failingSince: null,
  lastAlert: null,
};

describe('the failure-alert form', () => {
  it('round-trips saved settings, keeping the Slack API URL it does not show', () => {
    const form = alertFormOf(saved);
    expect(form.emails).toBe('ops@example.com, dev@example.com');
    expect(alertSettingsOf(form)).toEqual({ emails: saved.emails, slack: saved.slack, webhookUrl: saved.webhookUrl, errorWorkflowId: 'w2' });
    expect(sameAlertSettings(alertSettingsOf(form), alertSettingsOf(alertFormOf(saved)))).toBe(true);
  });

  it('sends nothing for what is left empty or off', () => {
    expect(alertSettingsOf({ ...EMPTY_ALERT_FORM, webhookUrl: '   ', slackSecret: 'LEFT_OVER' })).toEqual({
      emails: [],
      slack: null,
      webhookUrl: null,
      errorWorkflowId: null,
    });
  });

  it('takes addresses separated by commas, spaces, semicolons or lines', () => {
    expect(splitEmails(' a@example.com,b@example.com;\nc@example.com  d@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
  });

  it('names what is wrong under the field it belongs to', () => {
    expect(alertFormIssues(EMPTY_ALERT_FORM)).toEqual({});
    expect(alertFormIssues({ ...EMPTY_ALERT_FORM, emails: 'ops@example.com, nope' })).toEqual({ emails: '"nope" is not an e-mail address' });
    expect(alertFormIssues({ ...EMPTY_ALERT_FORM, emails: Array.from({ length: 11 }, (_, i) => `a${i}@x.io`).join(',') }).emails).toBe('At most 10 addresses');
    expect(alertFormIssues({ ...EMPTY_ALERT_FORM, slackMode: 'bot' })).toEqual({
      slackSecret: 'Pick the secret that holds the bot token',
      slackChannel: 'A bot posts to a channel: give its ID (C0123ABCDEF) or #name',
    });
    expect(alertFormIssues({ ...EMPTY_ALERT_FORM, webhookUrl: 'hooks.example.com' }).webhookUrl).toBe('Enter a web address starting with https://');
    expect(alertFormIssues({ ...EMPTY_ALERT_FORM, webhookUrl: 'https://h.example.com/{{secrets.TOKEN}}' })).toEqual({});
    expect(alertFormIssues({ ...EMPTY_ALERT_FORM, webhookUrl: '{{ secrets.HOOK_URL }}' })).toEqual({});
  });

  it('puts the server’s refusal under the field it names', () => {
    expect(serverAlertIssue('emails.1: Enter a valid e-mail address, such as ops@example.com')).toEqual({
      field: 'emails',
      message: 'Enter a valid e-mail address, such as ops@example.com',
    });
    expect(serverAlertIssue('slack.secret: No secret named X: add it under Settings → Secrets first')).toEqual({
      field: 'slackSecret',
      message: 'No secret named X: add it under Settings → Secrets first',
    });
    expect(serverAlertIssue('errorWorkflowId: Error workflow not found: pick one of your own workflows').field).toBe('errorWorkflowId');
    expect(serverAlertIssue('Workflow not found')).toEqual({ message: 'Workflow not found' });
  });
});
