import { randomUUID } from 'node:crypto';
import type { AlertDelivery, WorkflowAlerts } from '@weft/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { addSecret, createWorkflow, edge, insertStaleWorkflow, node, type WaitedExecution, workflow } from '../test-support/run-fixtures.js';
import { type SlackPeer, startSlackPeer } from '../test-support/slack-peer.js';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer.js';
import { describeEachDatabase, type SignedIn, signUp, uniqueEmail, useTestWeft } from '../test-support/test-weft.js';

/**
 * Failure alerts end to end through the HTTP API: API-key runs of a workflow that fails on
 * demand, alerts to a real SMTP server, a Slack-compatible peer, an HTTP peer and an error
 * workflow, all on 127.0.0.1. One alert per failure streak; manual runs never alert.
 */

let smtp: SmtpPeer;
let slack: SlackPeer;
let hooks: HttpPeer;
/** Filled before the suites' Wefts start (a file's beforeAll runs before its describes'). */
const mailEnv: Record<string, string> = { WEFT_METRICS_TOKEN: 'scrape-me' };
beforeAll(async () => {
  [smtp, slack, hooks] = await Promise.all([startSmtpPeer(), startSlackPeer(), startHttpPeer()]);
  Object.assign(mailEnv, smtp.env);
});
afterAll(async () => {
  await Promise.all([smtp.close(), slack.close(), hooks.close()]);
});

/** Text Input → Code (throws on "fail") → Output: fails when asked to. */
const flaky = (name: string) =>
  workflow(
    name,
    [
      node('in', 'input.text', { text: 'ok', askOnRun: true }, 'Order'),
      node('check', 'code.javascript', { code: "if (input === 'fail') throw new Error('Stock service answered 503'); return input;" }, 'Check stock'),
      node('out', 'output'),
    ],
    [edge('in', 'check'), edge('check', 'out')],
  );

/** Error Trigger → Output: what the error workflow received is its output. */
const errorHandler = workflow('Tell on-call', [node('trigger', 'trigger.error', {}, 'Failure'), node('out', 'output')], [edge('trigger', 'out')]);

describeEachDatabase('Failure alerts', (database) => {
  const weft = useTestWeft(database, { env: mailEnv });

  interface Setup {
    user: SignedIn;
    apiKey: Record<string, string>;
    workflowId: string;
    workflowName: string;
    errorWorkflowId: string;
    email: string;
    hookPath: string;
  }

  let made = 0;
  async function setUp(): Promise<Setup> {
    made += 1;
    const workflowName = `Orders ${database} ${made}`;
    const user = await signUp(weft());
    const key = await weft().app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'cron box' } });
    const apiKey = { authorization: `Bearer ${key.json().token as string}` };
    await addSecret(weft(), user, 'ALERTS_HOOK', slack.webhook('#alerts'));
    const workflowId = await createWorkflow(weft(), user, flaky(workflowName));
    const errorWorkflowId = await createWorkflow(weft(), user, errorHandler);
    const email = uniqueEmail('oncall');
    const hookPath = workflowId;
    const saved = await weft().app.inject({
      method: 'PUT',
      url: `/api/workflows/${workflowId}/alerts`,
      headers: user.headers,
      payload: { emails: [email], slack: { mode: 'webhook', secret: 'ALERTS_HOOK' }, webhookUrl: `${hooks.url}/echo?workflow=${hookPath}`, errorWorkflowId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { user, apiKey, workflowId, workflowName, errorWorkflowId, email, hookPath };
  }

  /** An API-key run (trigger `api`), waited for, then every alert it caused. */
  async function apiRun(setup: Setup, input: string): Promise<WaitedExecution> {
    const res = await weft().app.inject({
      method: 'POST',
      url: `/api/workflows/${setup.workflowId}/run?wait=true`,
      headers: setup.apiKey,
      payload: { inputs: { in: input } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await weft().services.failureAlerts.idle();
    return res.json().execution as WaitedExecution;
  }

  const sent = (setup: Setup) => ({
    mails: smtp.mailTo(setup.email).length,
    slack: slack.messages.filter((m) => m.text?.includes(`"${setup.workflowName}"`)).length,
    hooks: hooks.requests.filter((r) => r.query.workflow === setup.hookPath).length,
  });

  async function alertsOf(setup: Setup): Promise<WorkflowAlerts> {
    const res = await weft().app.inject({ method: 'GET', url: `/api/workflows/${setup.workflowId}/alerts`, headers: setup.user.headers });
    expect(res.statusCode).toBe(200);
    return res.json().alerts as WorkflowAlerts;
  }

  it('tells every destination once when an API run fails, and starts the error workflow with the failed execution', async () => {
    const setup = await setUp();
    const failed = await apiRun(setup, 'fail');
    expect(failed.status).toBe('error');

    expect(sent(setup)).toEqual({ mails: 1, slack: 1, hooks: 1 });
    const mail = smtp.mailTo(setup.email)[0];
    expect(mail?.subject).toBe(`Weft: "${setup.workflowName}" failed`);
    expect(mail?.text).toContain('Failed node: Check stock');
    expect(mail?.text).toContain(`/workflow/${setup.workflowId}?execution=${failed.id}`);
    expect(slack.messages.at(-1)).toMatchObject({ via: 'webhook', channel: 'C0ALERTS' });
    expect(slack.messages.at(-1)?.text).toContain('*Failed node:* Check stock');
    const posted = hooks.requests.find((r) => r.query.workflow === setup.hookPath);
    const body = posted?.json as { error: string; url: string } | undefined;
    expect(posted?.headers['content-type']).toMatch(/^application\/json/);
    expect(posted?.json).toMatchObject({
      type: 'execution.failed',
      executionId: failed.id,
      workflowId: setup.workflowId,
      trigger: 'api',
      failedNode: { id: 'check', label: 'Check stock' },
    });
    expect(body?.error).toContain('Stock service answered 503');

    const alerts = await alertsOf(setup);
    expect(alerts.failingSince?.executionId).toBe(failed.id);
    expect(alerts.lastAlert?.kind).toBe('failure');
    expect(alerts.lastAlert?.executionId).toBe(failed.id);
    const byChannel = Object.fromEntries((alerts.lastAlert?.deliveries ?? []).map((d) => [d.channel, d])) as Record<string, AlertDelivery>;
    expect(Object.values(byChannel).every((d) => d.ok)).toBe(true);
    expect(byChannel.email?.detail).toBe(`Sent to ${setup.email}`);

    // The error workflow ran (trigger `error`) with the failed execution as its Error Trigger's output.
    const errorRunId = byChannel.errorWorkflow?.executionId as string;
    const errorRun = await weft().services.runs.waitFor(errorRunId);
    expect(errorRun).toMatchObject({ workflowId: setup.errorWorkflowId, trigger: 'error', status: 'success' });
    expect(errorRun.outputs.out).toMatchObject({
      executionId: failed.id,
      workflowName: setup.workflowName,
      trigger: 'api',
      url: body?.url,
    });
    const metrics = await weft().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
    expect(metrics.body).toMatch(/weft_alert_deliveries_total\{channel="email",outcome="sent"\} [1-9]/);
  });

  it('sends nothing for further failures of a streak, and again after a success', async () => {
    const setup = await setUp();
    await apiRun(setup, 'fail');
    await apiRun(setup, 'fail');
    await apiRun(setup, 'fail');
    expect(sent(setup)).toEqual({ mails: 1, slack: 1, hooks: 1 });
    const errorRuns = await weft().services.runs.list(setup.user.userId, { workflowId: setup.errorWorkflowId, limit: 10 });
    expect(errorRuns).toHaveLength(1);

    const success = await apiRun(setup, 'fine');
    expect(success.status).toBe('success');
    expect((await alertsOf(setup)).failingSince).toBeNull();
    const again = await apiRun(setup, 'fail');
    expect(sent(setup)).toEqual({ mails: 2, slack: 2, hooks: 2 });
    expect((await alertsOf(setup)).failingSince?.executionId).toBe(again.id);
  });

  it('never alerts for a manual run, failed or not, and a manual success leaves the streak open', async () => {
    const setup = await setUp();
    const manual = async (input: string) => {
      const res = await weft().app.inject({
        method: 'POST',
        url: `/api/workflows/${setup.workflowId}/run?wait=true`,
        headers: setup.user.headers,
        payload: { inputs: { in: input } },
      });
      expect(res.json().execution.trigger).toBe('manual');
      await weft().services.failureAlerts.idle();
    };
    await manual('fail');
    expect(sent(setup)).toEqual({ mails: 0, slack: 0, hooks: 0 });
    await apiRun(setup, 'fail');
    await manual('fine');
    await apiRun(setup, 'fail');
    expect(sent(setup)).toEqual({ mails: 1, slack: 1, hooks: 1 });
  });

  it('keeps going when every destination is down, and shows why in the settings', async () => {
    const setup = await setUp();
    const hook = slack.webhook('#alerts');
    await addSecret(weft(), setup.user, 'GONE_HOOK', hook);
    slack.removeWebhook(hook);
    const res = await weft().app.inject({
      method: 'PUT',
      url: `/api/workflows/${setup.workflowId}/alerts`,
      headers: setup.user.headers,
      payload: { emails: [], slack: { mode: 'webhook', secret: 'GONE_HOOK' }, webhookUrl: `${hooks.url}/status/503`, errorWorkflowId: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = await apiRun(setup, 'fail');
    expect(failed.status).toBe('error');
    const deliveries = (await alertsOf(setup)).lastAlert?.deliveries ?? [];
    expect(deliveries).toEqual([
      { channel: 'slack', ok: false, detail: expect.stringMatching(/Slack no longer knows this webhook.*\(Slack: no_service\)/) },
      { channel: 'webhook', ok: false, detail: expect.stringMatching(/^Answered 503/) },
    ]);
    // The next success and failure still work: the streak is the run's, not the delivery's.
    expect((await apiRun(setup, 'fine')).status).toBe('success');
  });

  it('alerts when a scheduled run cannot start, as the scheduler stores it failed', async () => {
    const setup = await setUp();
    // A node type the server no longer has: every tick stores a failed execution naming it.
    const stale = await insertStaleWorkflow(
      weft(),
      setup.user.userId,
      workflow('Uses a removed node', [node('gone', 'plugin.removed'), node('out', 'output')], [edge('gone', 'out')]),
    );
    const saved = await weft().app.inject({
      method: 'PUT',
      url: `/api/workflows/${stale}/alerts`,
      headers: setup.user.headers,
      payload: { emails: [setup.email] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const runAt = new Date(Date.now() + 1_000).toISOString();
    const schedule = await weft().app.inject({ method: 'POST', url: '/api/schedules', headers: setup.user.headers, payload: { workflowId: stale, runAt } });
    expect(schedule.statusCode, schedule.body).toBe(201);
    await expect.poll(() => smtp.mailTo(setup.email).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.mailTo(setup.email)[0];
    expect(mail?.subject).toBe('Weft: "Uses a removed node" failed');
    expect(mail?.text).toContain('Started by: a scheduled run');
    expect(mail?.text).toMatch(/Error: .*plugin\.removed/);
  });

  it('tells a schedule that crashes paused, without starting the error workflow', async () => {
    const setup = await setUp();
    const schedule = await weft().app.inject({
      method: 'POST',
      url: '/api/schedules',
      headers: setup.user.headers,
      payload: { workflowId: setup.workflowId, name: 'Every hour', cron: '0 * * * *', timezone: 'UTC', enabled: true },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const { id } = schedule.json() as { id: string };
    // Two scheduled runs left going by two processes that died, as a start after crashes finds them.
    const at = new Date().toISOString();
    const left = (n: number) => ({
      id: randomUUID(),
      user_id: setup.user.userId,
      workflow_id: setup.workflowId,
      workflow_name: setup.workflowName,
      workflow_version: 1,
      trigger: 'schedule',
      status: 'running',
      error: null,
      inputs: '{}',
      outputs: null,
      nodes: '{}',
      usage: null,
      events: null,
      idempotency_key: null,
      created_at: at,
      started_at: at,
      finished_at: null,
      duration_ms: null,
      schedule_id: id,
      scheduled_for: at,
      runner_id: `dead-process-${n}`,
      heartbeat_at: at,
    });
    await weft()
      .services.db.insertInto('executions')
      .values([left(1), left(2)])
      .execute();
    await weft().services.runs.recoverOrphans();
    await weft().services.failureAlerts.idle();

    const paused = (await weft().app.inject({ method: 'GET', url: `/api/schedules/${id}`, headers: setup.user.headers })).json() as { pausedReason: string };
    expect(paused.pausedReason).toMatch(/^Paused: its last 2 runs were going when Weft stopped unexpectedly/);
    const mail = smtp.mailTo(setup.email).at(-1);
    expect(mail?.subject).toBe(`Weft: schedule "Every hour" of "${setup.workflowName}" paused itself`);
    expect(mail?.text).toContain(`Why: ${paused.pausedReason}`);
    expect(hooks.requests.find((r) => r.query.workflow === setup.hookPath)?.json).toMatchObject({
      type: 'schedule.paused',
      scheduleId: id,
      reason: paused.pausedReason,
    });
    const alerts = await alertsOf(setup);
    expect(alerts.lastAlert).toMatchObject({ kind: 'schedule_paused', scheduleId: id });
    expect(alerts.lastAlert?.deliveries.map((d) => d.channel)).toEqual(['email', 'slack', 'webhook']);
    expect(await weft().services.runs.list(setup.user.userId, { workflowId: setup.errorWorkflowId, limit: 10 })).toEqual([]);
  });

  it('sends a test alert on request, to every destination, the error workflow included', async () => {
    const setup = await setUp();
    const res = await weft().app.inject({ method: 'POST', url: `/api/workflows/${setup.workflowId}/alerts/test`, headers: setup.user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { alert } = res.json() as { alert: { kind: string; deliveries: AlertDelivery[] } };
    expect(alert.kind).toBe('test');
    expect(alert.deliveries.map((d) => [d.channel, d.ok])).toEqual([
      ['email', true],
      ['slack', true],
      ['webhook', true],
      ['errorWorkflow', true],
    ]);
    expect(smtp.mailTo(setup.email)[0]?.subject).toBe(`Weft: test alert for "${setup.workflowName}"`);
    const errorRun = await weft().services.runs.waitFor(alert.deliveries[3]?.executionId as string);
    expect(errorRun.outputs.out).toMatchObject({ test: true, workflowId: setup.workflowId });
    // A test opens no streak: the first real failure still alerts.
    expect((await alertsOf(setup)).failingSince).toBeNull();
  });
});
