import type { WorkflowAlerts } from '@weft/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Weft, WeftWorker } from '../main.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { createWorkflow, edge, node, workflow } from '../test-support/run-fixtures.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer.js';
import { signUp, uniqueEmail } from '../test-support/test-weft.js';

/**
 * Scale-out: runs end in workers, so alerts go out from there. Eight failures of one
 * workflow at once, taken by two workers (both took some in every run we watched, though
 * BullMQ does not promise it), let one alert through the streak's conditional update: one
 * mail, one webhook POST, one error-workflow run.
 */

let smtp: SmtpPeer;
let hooks: HttpPeer;
/** Filled before the cluster starts (a file's beforeAll runs before its describes'). */
const env: Record<string, string> = {};
beforeAll(async () => {
  [smtp, hooks] = await Promise.all([startSmtpPeer(), startHttpPeer()]);
  Object.assign(env, smtp.env);
});
afterAll(async () => {
  await Promise.all([smtp.close(), hooks.close()]);
});

describe('Failure alerts in scale-out mode', () => {
  const cluster = useScaleOutCluster({ env });
  let second: WeftWorker;
  beforeAll(async () => {
    second = await cluster().startWorker();
  });

  const processes = (): (Weft | WeftWorker)[] => [cluster().api, cluster().worker, second];
  const allIdle = () => Promise.all(processes().map((p) => p.services.failureAlerts.idle()));

  it('sends one alert for failures ending at once on two workers, and again after a success', { timeout: 60_000 }, async () => {
    const { api } = cluster();
    const user = await signUp(api);
    const key = await api.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'cron box' } });
    const apiKey = { authorization: `Bearer ${key.json().token as string}` };
    const flaky = workflow(
      'Imports',
      [
        node('in', 'input.text', { text: 'ok', askOnRun: true }),
        node('check', 'code.javascript', { code: "if (input === 'fail') throw new Error('Feed unreachable'); return input;" }),
        node('out', 'output'),
      ],
      [edge('in', 'check'), edge('check', 'out')],
    );
    const workflowId = await createWorkflow(api, user, flaky);
    const errorWorkflowId = await createWorkflow(api, user, workflow('On failure', [node('t', 'trigger.error'), node('out', 'output')], [edge('t', 'out')]));
    const email = uniqueEmail('oncall');
    const saved = await api.app.inject({
      method: 'PUT',
      url: `/api/workflows/${workflowId}/alerts`,
      headers: user.headers,
      payload: { emails: [email], webhookUrl: `${hooks.url}/echo?w=${workflowId}`, errorWorkflowId },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const run = (input: string) =>
      api.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run?wait=true`, headers: apiKey, payload: { inputs: { in: input } } });
    const failures = await Promise.all(Array.from({ length: 8 }, () => run('fail')));
    expect(failures.map((r) => r.json().execution.status)).toEqual(Array(8).fill('error'));
    await allIdle();
    const posts = () => hooks.requests.filter((r) => r.query.w === workflowId);
    expect(smtp.mailTo(email)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    const alerts = (await api.app.inject({ method: 'GET', url: `/api/workflows/${workflowId}/alerts`, headers: user.headers })).json().alerts as WorkflowAlerts;
    const started = alerts.lastAlert?.deliveries.find((d) => d.channel === 'errorWorkflow');
    expect(started?.ok).toBe(true);
    const errorRun = await api.services.runs.waitFor(started?.executionId as string);
    expect(errorRun).toMatchObject({ trigger: 'error', status: 'success' });
    expect(failures.map((r) => r.json().execution.id)).toContain((errorRun.outputs.out as { executionId: string }).executionId);
    expect(await api.services.runs.list(user.userId, { workflowId: errorWorkflowId, limit: 10 })).toHaveLength(1);

    expect((await run('fine')).json().execution.status).toBe('success');
    await allIdle();
    await Promise.all(Array.from({ length: 4 }, () => run('fail')));
    await allIdle();
    expect(smtp.mailTo(email)).toHaveLength(2);
    expect(posts()).toHaveLength(2);
  });
});
