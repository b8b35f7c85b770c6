import { type HttpPeer, startHttpPeer } from '../../apps/server/src/test-support/http-peer.js';
import { type SlackPeer, startSlackPeer } from '../../apps/server/src/test-support/slack-peer.js';
import { chain, createWorkflow, csrfToken, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Failure alerts (issue 21) set in Workflow settings: the form refuses a bad address and
 * a web address without its scheme inline, saves e-mail, Slack (a secret picked by name),
 * a webhook and an error workflow, and "Send test alert" reaches the real SMTP, Slack and
 * HTTP peers, each destination's outcome shown under the form. An API-key run that fails
 * then opens a streak the dialog shows.
 */

let slack: SlackPeer;
let hooks: HttpPeer;
test.beforeAll(async () => {
  [slack, hooks] = await Promise.all([startSlackPeer(), startHttpPeer()]);
});
test.afterAll(async () => {
  await Promise.all([slack?.close(), hooks?.close()]);
});

test('sets failure alerts in the workflow settings and sends a test alert', async ({ page, smtp }) => {
  test.setTimeout(90_000);
  const workflowId = await openNewWorkflow(
    page,
    {
      name: 'Nightly import',
      nodes: [
        { id: 'in', label: 'Feed', type: 'input.text', x: 0, y: 120, config: { text: 'ok', askOnRun: true } },
        {
          id: 'check',
          label: 'Check feed',
          type: 'code.javascript',
          x: 340,
          y: 120,
          config: { code: "if (input === 'fail') throw new Error('Feed unreachable'); return input;" },
        },
        { id: 'out', label: 'Result', type: 'output', x: 680, y: 120 },
      ],
      edges: chain(['in', 'check', 'out'], 'any'),
    },
    { displayName: 'Ola Oncall', viewport: { width: 1600, height: 1000 } },
  );
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
  const headers = { 'x-csrf-token': await csrfToken(page) };
  expect((await page.request.post('/api/secrets', { headers, data: { name: 'ALERTS_SLACK', value: slack.webhook('#alerts') } })).status()).toBe(201);
  await createWorkflow(
    page,
    'Page the on-call',
    [
      { id: 't', label: 'Failure', type: 'trigger.error', x: 0, y: 0 },
      { id: 'out', label: 'Seen', type: 'output', x: 340, y: 0 },
    ],
    chain(['t', 'out'], 'json'),
  );
  // The editor read the secret names when it opened; a reload reads them again.
  await page.reload();
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

  await page.getByRole('button', { name: 'Workflow', exact: true }).click();
  await page.getByTestId('workflow-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Workflow settings' });
  const alerts = dialog.getByTestId('failure-alerts');
  await expect(alerts.getByTestId('alert-status')).toContainText('No alert sent yet.');
  await expect(alerts.getByTestId('alerts-test')).toBeDisabled();

  // Inline problems, shown once the field is left, before anything is sent.
  const emails = alerts.getByLabel('E-mail addresses');
  await emails.fill('ola@example.com, oncall@');
  await emails.press('Tab');
  await expect(alerts).toContainText('"oncall@" is not an e-mail address');
  await expect(emails).toHaveAttribute('aria-invalid', 'true');
  await emails.fill('ola@example.com, oncall@example.com');
  await expect(alerts).not.toContainText('is not an e-mail address');

  await alerts.getByLabel('Slack').selectOption('webhook');
  await alerts.getByLabel('Webhook URL secret').selectOption('ALERTS_SLACK');
  const webhook = alerts.getByLabel('Webhook URL', { exact: true });
  await webhook.fill(hooks.url.replace('http://', ''));
  await alerts.getByTestId('alerts-save').click();
  await expect(alerts).toContainText('Enter a web address starting with https://');
  await expect(webhook).toBeFocused();
  await webhook.fill(`${hooks.url}/echo?from=weft`);
  await alerts.getByLabel('Error workflow').selectOption({ label: 'Page the on-call' });
  await alerts.getByTestId('alerts-save').click();
  await expect(page.getByText('Alert settings saved')).toBeVisible();
  await expect(alerts.getByTestId('alerts-save')).toBeDisabled();

  // The test alert reaches every destination; each outcome shows under the form.
  await alerts.getByTestId('alerts-test').click();
  await expect(page.getByText('Test alert sent to every destination')).toBeVisible();
  for (const channel of ['email', 'slack', 'webhook', 'errorWorkflow']) {
    await expect(alerts.getByTestId(`alert-delivery-${channel}`)).toContainText('Sent');
  }
  await expect(alerts.getByTestId('alert-delivery-email')).toContainText('Sent to ola@example.com, oncall@example.com');
  expect((await smtp.waitForMail('oncall@example.com')).subject).toBe('Weft: test alert for "Nightly import"');
  expect(slack.messages.at(-1)?.text).toContain('This is a test of the failure alerts of "Nightly import"');
  expect(hooks.requests.at(-1)?.json).toMatchObject({ type: 'alert.test', workflowName: 'Nightly import', test: true });
  await shootThemes(page, 'failure-alerts-settings', { target: dialog });

  // A run started with an API key that fails opens a streak; the dialog says so.
  await dialog.getByRole('button', { name: 'Done' }).click();
  const key = (await (await page.request.post('/api/api-keys', { headers, data: { name: 'cron box' } })).json()) as { token: string };
  const run = await page.request.post(`/api/workflows/${workflowId}/run?wait=true`, {
    headers: { authorization: `Bearer ${key.token}` },
    data: { inputs: { in: 'fail' } },
  });
  expect(((await run.json()) as { execution: { status: string } }).execution.status).toBe('error');
  await expect.poll(async () => smtp.mailTo('ola@example.com').map((m) => m.subject)).toContain('Weft: "Nightly import" failed');
  // The outcome is stored once every destination has answered (the error workflow starts last).
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/workflows/${workflowId}/alerts`)).json()) as { alerts: { lastAlert: { kind: string } } }).alerts.lastAlert.kind,
    )
    .toBe('failure');
  await page.keyboard.press('Control+Comma');
  await expect(alerts.getByTestId('alert-status')).toContainText('Failing');
  await expect(alerts.getByTestId('alert-status')).toContainText('for a failed run');
  await shootThemes(page, 'failure-alerts-failing', { target: alerts.getByTestId('alert-status') });
});
