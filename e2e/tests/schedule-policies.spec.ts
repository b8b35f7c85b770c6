import type { Page } from '@playwright/test';
import { chain, createWorkflow, csrfToken, openNewWorkflow } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Temporal's policy set as a user meets it (issue 21): the form's "When runs collide or
 * are missed" section kept through a save, "Run now" starting a run that the toast links
 * to, and a backfill of a past range queuing one run per minute. Screenshots land in
 * .test-output/screenshots/schedule-policies-*.
 */

/** Text Input → Output: a run of it ends in a moment. */
const GREETING = {
  nodes: [
    { id: 'in', label: 'Greeting', type: 'input.text', x: 0, y: 0, config: { text: 'hello' } },
    { id: 'out', label: 'Output', type: 'output', x: 320, y: 0 },
  ],
  edges: chain(['in', 'out']),
};

interface ExecutionRow {
  id: string;
  trigger: string;
  status: string;
}

async function scheduleRuns(page: Page, workflowId: string): Promise<ExecutionRow[]> {
  const response = await page.request.get(`/api/executions?workflowId=${workflowId}&trigger=schedule&limit=100`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { executions: ExecutionRow[] }).executions;
}

async function createSchedule(page: Page, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await page.request.post('/api/schedules', { headers: { 'x-csrf-token': await csrfToken(page) }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

test('the policies are set in the form, saved, and there when it opens again', async ({ page }) => {
  // Tall enough that the screenshot holds the whole section.
  const workflowId = await openNewWorkflow(page, { name: 'Nightly import', ...GREETING }, { viewport: { width: 1280, height: 1100 } });
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByRole('dialog', { name: 'Schedules' }).getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByRole('dialog', { name: 'New schedule' });
  await form.getByLabel('Name').fill('Hourly import');
  await form.getByLabel('Preset').selectOption({ label: 'Every hour' });

  // Folded, the section says the defaults apply; opened from the keyboard, it shows them.
  const section = form.getByRole('button', { name: /When runs collide or are missed/ });
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await expect(section).toContainText('Defaults');
  await section.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('radio', { name: 'Skip' })).toBeChecked();
  await form.getByRole('radio', { name: 'Buffer all' }).check();
  await expect(form.getByText('Start each one in order as the previous one ends.')).toBeVisible();
  await form.getByLabel('Catch-up window', { exact: true }).selectOption('custom');
  await form.getByLabel('Catch-up window length').fill('15');
  await form.getByLabel('Catch-up window unit').selectOption('minutes');
  // A value the server refuses is named under its field, in its words, and nothing is sent.
  await form.getByLabel('Pause after').fill('101');
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(form.getByText('Pause after must be a whole number from 0 to 100 (failed runs in a row; 0: never pause)')).toBeVisible();
  await form.getByLabel('Pause after').fill('3');
  await form.getByLabel('Jitter').fill('30');
  await expect(section).toContainText('Buffer all · catch-up window 15 min · pauses after 3 failures · jitter 30 s');
  await form.getByLabel('Jitter').scrollIntoViewIfNeeded();
  await shootThemes(page, 'schedule-policies-form', { target: form });
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page.getByText(/^Scheduled\. First run/)).toBeVisible();

  const row = page.getByRole('dialog', { name: 'Schedules' }).getByTestId('schedule-row');
  await expect(row).toContainText('Buffer all · catch-up window 15 min · pauses after 3 failures · jitter 30 s');
  const stored = (await (await page.request.get(`/api/schedules?workflow_id=${workflowId}`)).json()) as Record<string, unknown>[];
  expect(stored[0]).toMatchObject({ overlapPolicy: 'buffer_all', catchUpWindowSeconds: 900, pauseAfterFailures: 3, jitterSeconds: 30 });

  // Opened again (after a reload, from the server's answer): the section is open with the values kept.
  await page.reload();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByRole('dialog', { name: 'Schedules' }).getByRole('button', { name: 'Edit Hourly import' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit schedule' });
  await expect(edit.getByRole('radio', { name: 'Buffer all' })).toBeChecked();
  await expect(edit.getByLabel('Catch-up window', { exact: true })).toHaveValue('custom');
  await expect(edit.getByLabel('Catch-up window length')).toHaveValue('15');
  await expect(edit.getByLabel('Catch-up window unit')).toHaveValue('minutes');
  await expect(edit.getByLabel('Pause after')).toHaveValue('3');
  await expect(edit.getByLabel('Jitter')).toHaveValue('30');
});

test('Run now starts a run; the toast says so and links to it', async ({ page }) => {
  const workflowId = await openNewWorkflow(page, { name: 'Report', ...GREETING }, { viewport: { width: 1280, height: 860 } });
  await createSchedule(page, { workflowId, name: 'Weekly report', cron: '0 9 * * 1', timezone: 'UTC' });
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const row = page.getByRole('dialog', { name: 'Schedules' }).getByTestId('schedule-row');
  await row.getByRole('button', { name: 'Run Weekly report now' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Started a run of “Weekly report”.' });
  await expect(toast).toBeVisible();
  // The run is the schedule's, started now, and it ends.
  await expect.poll(async () => (await scheduleRuns(page, workflowId)).map((run) => run.status), { timeout: 20_000 }).toEqual(['success']);
  const [run] = await scheduleRuns(page, workflowId);
  await toast.getByRole('link', { name: 'Open the run' }).click();
  await expect(page).toHaveURL(new RegExp(`execution=${run?.id}`));
  await expect(page.getByRole('dialog', { name: 'Schedules' }).getByTestId('schedule-row').getByText('Succeeded')).toBeVisible({ timeout: 15_000 });
});

test('a backfill of a past range queues one run per minute of it and says how many', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 860 });
  const workflowId = await createWorkflow(page, 'Per-minute sync', GREETING.nodes, GREETING.edges);
  // Paused: only the backfill runs, not the minutes to come.
  await createSchedule(page, { workflowId, name: 'Every minute', cron: '* * * * *', timezone: 'UTC', enabled: false });
  await page.goto('/dashboard/schedules');
  const row = page.getByTestId('schedule-row');
  await row.getByRole('button', { name: 'Backfill Every minute…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Backfill' });
  await expect(dialog.getByText('Times in UTC, the schedule’s zone; both ends included.')).toBeVisible();

  // Five whole minutes that are over: from six minutes ago to two minutes ago, typed in UTC.
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  await dialog.getByLabel('From').fill(wall(minute - 6 * 60_000));
  await dialog.getByLabel('To').fill(wall(minute - 2 * 60_000));
  await expect(dialog.getByTestId('backfill-summary')).toContainText('This range holds 5 runs.');
  await expect(dialog.getByRole('radio', { name: 'Buffer all' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Allow all' }).check();
  await shootThemes(page, 'schedule-policies-backfill', { target: dialog });
  await dialog.getByRole('button', { name: 'Queue 5 runs' }).click();
  await expect(page.getByText('5 runs queued, 0 already ran.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await scheduleRuns(page, workflowId)).filter((run) => run.status === 'success').length, { timeout: 30_000 }).toBe(5);

  // The same range again: all five are in the ledger, none runs twice.
  await row.getByRole('button', { name: 'Backfill Every minute…' }).click();
  await dialog.getByLabel('From').fill(wall(minute - 6 * 60_000));
  await dialog.getByLabel('To').fill(wall(minute - 2 * 60_000));
  await dialog.getByRole('button', { name: 'Queue 5 runs' }).click();
  await expect(page.getByText('0 runs queued, 5 already ran.')).toBeVisible();
  expect(await scheduleRuns(page, workflowId)).toHaveLength(5);
  await page.screenshot({ path: `${SCREENSHOT_DIR}schedule-policies-dashboard.png` });
});
