import { type AlertDelivery, type AlertSettings, configWithDefaults, type SlackAlertTarget, secretNamesIn, takesRunInput } from '@weft/core';
import { type HttpService, slackMessageNode } from '@weft/nodes';
import type { Mailer } from '../platform/mailer.js';
import type { StartRunRequest, StartRunResult } from '../runs/run.service.js';
import { unavailableNodeServices } from '../runs/run-dependencies.js';
import { readRunDocument } from '../workflows/run-document-cache.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import { type AlertEvent, alertMail, alertSlackText, alertWebhookBody } from './alert-messages.js';

/** The node type whose output is the failed execution (packages/nodes error-trigger.node.ts). */
export const ERROR_TRIGGER_TYPE = 'trigger.error';
/** Each destination gets this long; a dead peer costs the alert no more. */
export const ALERT_TIMEOUT_MS = 15_000;
/** `{{secrets.NAME}}` as core's secret-syntax.ts reads it. */
const SECRET_IN_TEXT = /\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/** A refusal longer than this is cut: the settings show it on one line. */
const DETAIL_MAX = 300;

export interface AlertSendersOptions {
  /** Weft's own mail (the operator's SMTP, or the outbox without it): alerts are Weft's notices. */
  mailer: Mailer;
  /** The outbound guard's HTTP service, for Slack and webhooks: private addresses refused unless allowed. */
  http: HttpService;
  /** The owner's secrets by name (Slack's webhook URL or token, `{{secrets.NAME}}` in a webhook URL). */
  secretValues(userId: string): Promise<Readonly<Record<string, string>>>;
  /** Starts the error workflow's run (RunService.start). */
  startRun(request: StartRunRequest): Promise<StartRunResult>;
  workflows: Pick<WorkflowLookup, 'loadForRun'>;
  timeoutMs?: number;
}

/**
 * Sends one alert to each destination of a workflow's settings, all at once, each within
 * its timeout, and says how each took it. Never throws: a dead SMTP server, Slack or
 * webhook is an `ok: false` delivery with the reason, logged and shown in the settings.
 */
export class AlertSenders {
  constructor(private readonly options: AlertSendersOptions) {}

  /** `errorWorkflow: false` leaves the error workflow out (an error workflow's own failure, a paused schedule). */
  async send(userId: string, settings: AlertSettings, event: AlertEvent, { errorWorkflow }: { errorWorkflow: boolean }): Promise<AlertDelivery[]> {
    const secrets = settings.slack || settings.webhookUrl?.includes('{{') ? await this.secrets(userId) : {};
    const sends: Promise<AlertDelivery>[] = [];
    if (settings.emails.length > 0) sends.push(this.guard('email', () => this.email(settings.emails, event)));
    if (settings.slack) {
      const slack = settings.slack;
      sends.push(this.guard('slack', () => this.slack(slack, secrets, event)));
    }
    if (settings.webhookUrl) {
      const url = settings.webhookUrl;
      sends.push(this.guard('webhook', () => this.webhook(url, secrets, event)));
    }
    if (errorWorkflow && settings.errorWorkflowId && event.kind !== 'schedule_paused') {
      const id = settings.errorWorkflowId;
      sends.push(this.guard('errorWorkflow', () => this.errorWorkflow(userId, id, event)));
    }
    return Promise.all(sends);
  }

  private async secrets(userId: string): Promise<Readonly<Record<string, string>>> {
    try {
      return await this.options.secretValues(userId);
    } catch {
      // A secret that cannot be read fails the destinations that name one, each saying which.
      return {};
    }
  }

  /** One failure becomes that destination's delivery; a hang ends at the timeout. */
  private async guard(channel: AlertDelivery['channel'], send: () => Promise<Omit<AlertDelivery, 'channel'>>): Promise<AlertDelivery> {
    const timeoutMs = this.options.timeoutMs ?? ALERT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    });
    try {
      return { channel, ...(await Promise.race([send(), timeout])) };
    } catch (error) {
      return { channel, ok: false, detail: cut(error instanceof Error ? error.message : String(error)) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** One mail per address, so a refused address does not stop the others and nobody sees the list. */
  private async email(addresses: readonly string[], event: AlertEvent): Promise<Omit<AlertDelivery, 'channel'>> {
    const results = await Promise.allSettled(addresses.map((to) => this.options.mailer.send(alertMail(event, to))));
    const refused = results.flatMap((result, index) => (result.status === 'rejected' ? [`${addresses[index]}: ${messageOf(result.reason)}`] : []));
    const sent = addresses.filter((_, index) => results[index]?.status === 'fulfilled');
    if (refused.length === 0) return { ok: true, detail: `Sent to ${sent.join(', ')}` };
    return { ok: false, detail: cut(`${sent.length > 0 ? `Sent to ${sent.join(', ')}; not sent to ` : 'Not sent to '}${refused.join('; ')}`) };
  }

  /** As the Slack Message node posts (its run, its errors, the guard), with the secret named in the settings. */
  private async slack(target: SlackAlertTarget, secrets: Readonly<Record<string, string>>, event: AlertEvent): Promise<Omit<AlertDelivery, 'channel'>> {
    const value = secrets[target.secret];
    if (value === undefined) return { ok: false, detail: `No secret named ${target.secret}: add it under Settings → Secrets, or pick another.` };
    const config = configWithDefaults(slackMessageNode, {
      mode: target.mode,
      ...(target.mode === 'webhook' ? { webhookUrl: value } : { botToken: value, channel: target.channel }),
      ...(target.apiUrl ? { apiUrl: target.apiUrl } : {}),
      text: alertSlackText(event),
    });
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? ALERT_TIMEOUT_MS);
    const services = { ...unavailableNodeServices({ userId: '', executionId: '', params: {}, recordUsage: () => {} }), http: this.options.http, params: {} };
    const run = slackMessageNode.run;
    if (!run) throw new Error('The Slack Message node has no run');
    await run({
      inputs: {},
      config,
      ctx: { runId: 'alert', nodeId: 'slack', attempt: 1, signal, services, runInput: undefined, log: () => {}, emitToken: () => {} },
    });
    return { ok: true, detail: target.mode === 'webhook' ? 'Posted through the incoming webhook' : `Posted to ${target.channel}` };
  }

  /** A JSON POST through the guard; `{{secrets.NAME}}` in the URL is filled here and kept out of what is shown. */
  private async webhook(template: string, secrets: Readonly<Record<string, string>>, event: AlertEvent): Promise<Omit<AlertDelivery, 'channel'>> {
    const missing = secretNamesIn(template).find((name) => secrets[name] === undefined);
    if (missing) return { ok: false, detail: `No secret named ${missing}: add it under Settings → Secrets, or change the webhook URL.` };
    const used: string[] = [];
    const url = template.replace(SECRET_IN_TEXT, (_, name: string) => {
      const value = secrets[name] as string;
      used.push(value);
      return value;
    });
    const hide = (text: string) => used.reduce((shown, value) => (value === '' ? shown : shown.split(value).join('••••')), text);
    try {
      const response = await this.options.http.request(
        {
          method: 'POST',
          url,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Weft-Alerts' },
          body: JSON.stringify(alertWebhookBody(event)),
          timeoutMs: this.options.timeoutMs ?? ALERT_TIMEOUT_MS,
        },
        { signal: AbortSignal.timeout(this.options.timeoutMs ?? ALERT_TIMEOUT_MS) },
      );
      const ok = response.status >= 200 && response.status < 300;
      return {
        ok,
        detail: ok ? `Answered ${response.status}` : cut(`Answered ${response.status}${response.body.trim() ? `: ${hide(response.body.trim())}` : ''}`),
      };
    } catch (error) {
      return { ok: false, detail: cut(hide(messageOf(error))) };
    }
  }

  /**
   * Starts the error workflow with the failed execution as the input of each Error Trigger
   * (and of each Text Input that asks on run, as its JSON text). The idempotency key keeps
   * it to one run per failed execution, whichever process tells it.
   */
  private async errorWorkflow(
    userId: string,
    workflowId: string,
    event: Exclude<AlertEvent, { kind: 'schedule_paused' }>,
  ): Promise<Omit<AlertDelivery, 'channel'>> {
    const row = await this.options.workflows.loadForRun(userId, workflowId);
    if (!row) return { ok: false, detail: 'The error workflow no longer exists: pick another.' };
    const parsed = readRunDocument(row.id, row.document);
    const inputs: Record<string, unknown> = {};
    let triggers = 0;
    for (const node of parsed.nodes) {
      if (node.data.type === ERROR_TRIGGER_TYPE) triggers += 1;
      if (node.data.type === ERROR_TRIGGER_TYPE || takesRunInput(node)) inputs[node.id] = event.failed;
    }
    const started = await this.options.startRun({
      userId,
      workflowId,
      trigger: 'error',
      inputs,
      workflow: { ...row, parsed },
      ...(event.kind === 'failure' ? { idempotencyKey: `alert:${event.failed.executionId}` } : {}),
    });
    if (!started.ok) return { ok: false, detail: cut(`"${row.name}" could not start: ${started.message}`) };
    const note = triggers === 0 ? ' (it has no Error Trigger node, so it did not get the failed execution)' : '';
    return { ok: true, detail: `Started "${row.name}"${note}`, executionId: started.execution.id };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function cut(text: string): string {
  return text.length <= DETAIL_MAX ? text : `${text.slice(0, DETAIL_MAX - 1)}…`;
}
