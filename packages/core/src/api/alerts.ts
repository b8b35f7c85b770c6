/**
 * The failure-alert shapes of the HTTP API (docs/API.md "Failure alerts"), shared by the
 * server that answers them, the Error Trigger node that emits the failed execution, and
 * the web app's settings form.
 */
import type { RunTrigger } from './executions.js';

/** How many addresses one workflow's alerts may mail. */
export const ALERT_MAX_EMAILS = 10;

/** Where a Slack alert goes: as the Slack Message node posts, with a secret named, never its value. */
export interface SlackAlertTarget {
  /** `webhook`: an incoming webhook; `bot`: a bot token with `chat.postMessage`. */
  mode: 'webhook' | 'bot';
  /** The secret that holds the webhook URL (webhook) or the bot token (bot). */
  secret: string;
  /** Bot: the channel ID or #name (an incoming webhook posts to its own channel). */
  channel: string;
  /** Bot: the Web API base for GovSlack or a Slack-compatible server; null: Slack's own. */
  apiUrl: string | null;
}

/** Where a workflow's failure alerts go; every part optional (none set: no alerts). */
export interface AlertSettings {
  emails: string[];
  slack: SlackAlertTarget | null;
  /** Gets a JSON POST; may hold `{{secrets.NAME}}`, filled when sent. */
  webhookUrl: string | null;
  /** Another workflow of the same owner, started with the failed execution as its input. */
  errorWorkflowId: string | null;
}

export const ALERT_CHANNELS = ['email', 'slack', 'webhook', 'errorWorkflow'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** What was alerted: a failed run opening a streak, a schedule that paused itself, or the settings' test button. */
export const ALERT_KINDS = ['failure', 'schedule_paused', 'test'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How one destination took an alert. */
export interface AlertDelivery {
  channel: AlertChannel;
  ok: boolean;
  /** What happened, in words: "Sent to 2 addresses", or the destination's refusal. */
  detail: string;
  /** The error workflow's execution, when one was started. */
  executionId?: string;
}

/** The last alert a workflow sent, as its settings show it. */
export interface AlertRecord {
  at: string;
  kind: AlertKind;
  /** The failed execution (failure), else null. */
  executionId: string | null;
  /** The schedule that paused (schedule_paused), else null. */
  scheduleId: string | null;
  deliveries: AlertDelivery[];
}

/** `GET /api/workflows/:id/alerts`: the settings, the streak and the last alert. */
export interface WorkflowAlerts extends AlertSettings {
  errorWorkflowName: string | null;
  /** The failure that opened the current streak; null once a run succeeded (or none failed). */
  failingSince: { executionId: string; at: string } | null;
  lastAlert: AlertRecord | null;
}

/** The node of a failed run that failed first. */
export interface FailedNode {
  id: string;
  /** What the user calls it (the id when unnamed). */
  label: string;
  error: string;
}

/**
 * A failed execution as its workflow's error workflow receives it: the output of the
 * Error Trigger node, and the body of a webhook alert (with `type`).
 */
export interface FailedExecution {
  executionId: string;
  workflowId: string;
  workflowName: string;
  trigger: RunTrigger;
  error: string;
  failedNode: FailedNode | null;
  /** Opens the execution in the editor. */
  url: string;
  /** Set when a schedule started the failed run. */
  scheduleId?: string;
  /** When it failed (ISO, UTC). */
  at: string;
  /** Set on what the settings' "Send test alert" sends: no run failed. */
  test?: true;
}
