import type { Page } from '@playwright/test';
import { chain, createWorkflow, csrfToken, openNewWorkflow } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Schedules as a user meets them: the editor's Schedule dialog (presets, cron in words, the
 * next runs in the chosen zone, a refused expression, inputs), a per-second schedule that
 * really fires through the running server, pause and resume, edit, the dashboard's Schedule
 * column and Schedules tab, delete with confirmation, and the server's refusal shown inline.
 * Screenshots land in .test-output/screenshots/schedules-*.
 */

const shoot = (page: Page, name: string) => shootThemes(page, `schedules-${name}`);

interface ScheduleAnswer {
  id: string;
  name: string;
  enabled: boolean;
  cron: string | null;
  timezone: string;
  inputs: Record<string, unknown>;
  lastRun: { executionId: string; status: string } | null;
}

async function schedulesOf(page: Page, workflowId: string): Promise<ScheduleAnswer[]> {
  const response = await page.request.get(`/api/schedules?workflow_id=${workflowId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ScheduleAnswer[];
}

test('schedule a workflow from the editor: presets, next runs, it fires, pause, resume, edit, dashboard, delete', async ({ page }) => {
  test.setTimeout(60_000);
  const workflowId = await openNewWorkflow(
    page,
    {
      name: 'Morning digest',
      nodes: [
        { id: 'topic', label: 'Topic', type: 'input.text', x: 0, y: 0, config: { text: 'typed in the editor', askOnRun: true } },
        { id: 'out', label: 'Output', type: 'output', x: 320, y: 0 },
      ],
      edges: chain(['topic', 'out']),
    },
    { displayName: 'Sam Cron', viewport: { width: 1280, height: 860 } },
  );
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedules' });
  await expect(dialog.getByText('No schedules yet')).toBeVisible();
  await shoot(page, 'empty');

  await dialog.getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByRole('dialog', { name: 'New schedule' });
  // A preset fills the expression, says it in words and lists the next five runs.
  await form.getByLabel('Preset').selectOption({ label: 'Every 15 minutes' });
  await expect(form.getByLabel('Cron expression')).toHaveValue('*/15 * * * *');
  await expect(form.getByText('Every 15 minutes', { exact: true }).last()).toBeVisible();
  await expect(form.getByTestId('schedule-next-runs').locator('li')).toHaveCount(5);
  // The zone decides the wall-clock times shown.
  await form.getByLabel('Cron expression').fill('0 9 * * 1-5');
  await form.getByRole('combobox', { name: 'Time zone' }).fill('tokyo');
  await form.getByRole('combobox', { name: 'Time zone' }).press('Enter');
  await expect(form.getByText('At 09:00, Monday through Friday')).toBeVisible();
  await expect(form.getByTestId('schedule-next-runs').locator('li').first()).toContainText('09:00');
  await expect(form.getByLabel('Preset')).toHaveValue('0 9 * * 1-5');
  await shoot(page, 'form');

  // A wrong field is named in the form and nothing is sent.
  await form.getByLabel('Cron expression').fill('61 * * * *');
  await expect(form.getByText('Cron expression `61 * * * *`: minute must be 0–59')).toBeVisible();
  await expect(form.getByText('Fix the timing above to see when it runs.')).toBeVisible();
  await form.getByRole('button', { name: 'Create schedule' }).click();
  expect(await schedulesOf(page, workflowId)).toEqual([]);

  // Every two seconds, with the answer for the Text Input that asks on run.
  await form.getByLabel('Cron expression').fill('*/2 * * * * *');
  await expect(form.getByText('Every 2 seconds')).toBeVisible();
  await expect(form.getByLabel('Preset')).toHaveValue('custom');
  await form.getByLabel('Name').fill('Every other second');
  await form.getByLabel('Topic').fill('sent by the schedule');
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page.getByText(/^Scheduled\. First run/)).toBeVisible();
  const row = dialog.getByTestId('schedule-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Every other second');
  await expect(row).toContainText('Every 2 seconds');
  await expect(row).toContainText('Asia/Tokyo');

  // It fires by itself through the server's scheduler, with the input it was given.
  await expect.poll(async () => (await schedulesOf(page, workflowId))[0]?.lastRun?.status, { timeout: 20_000 }).toBe('success');
  const [stored] = await schedulesOf(page, workflowId);
  expect(stored).toMatchObject({ name: 'Every other second', cron: '*/2 * * * * *', timezone: 'Asia/Tokyo', inputs: { topic: 'sent by the schedule' } });
  const execution = await page.request.get(`/api/executions/${stored?.lastRun?.executionId}`);
  const detail = JSON.stringify(await execution.json());
  expect(detail).toContain('"trigger":"schedule"');
  expect(detail).toContain('sent by the schedule');
  // The dialog looks again by itself and shows the run.
  await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'list');

  // Pause asks for a note; the server says so first, then the row shows it under the name.
  await row.getByRole('button', { name: 'Pause Every other second' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause “Every other second”?' });
  await pause.getByLabel('Note').fill('Until the digest is reworded');
  await shoot(page, 'pause');
  await pause.getByRole('button', { name: 'Pause schedule' }).click();
  await expect(page.getByText(/^Paused “Every other second”/)).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  await expect(row.getByTestId('schedule-pause-note')).toHaveText('Paused: Until the digest is reworded');
  expect((await schedulesOf(page, workflowId))[0]?.enabled).toBe(false);
  await row.getByRole('button', { name: 'Resume Every other second' }).click();
  await expect(page.getByText('Resumed “Every other second”.')).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toHaveCount(0);
  await expect(row.getByTestId('schedule-pause-note')).toHaveCount(0);
  expect((await schedulesOf(page, workflowId))[0]?.enabled).toBe(true);

  // Edit: the form opens with the stored values; a new name and a quieter timing are saved.
  await row.getByRole('button', { name: 'Edit Every other second' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit schedule' });
  await expect(edit.getByLabel('Cron expression')).toHaveValue('*/2 * * * * *');
  await expect(edit.getByLabel('Topic')).toHaveValue('sent by the schedule');
  await edit.getByLabel('Name').fill('Weekday mornings');
  await edit.getByLabel('Preset').selectOption({ label: 'Weekdays at 09:00' });
  await edit.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(row).toContainText('Weekday mornings');
  expect((await schedulesOf(page, workflowId))[0]).toMatchObject({ name: 'Weekday mornings', cron: '0 9 * * 1-5' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The dashboard: the Schedule column says when it runs, and the Schedules tab lists it.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'At 09:00, Monday through Friday' })).toBeVisible();
  await page.getByTestId('schedules-link').click();
  await expect(page).toHaveURL(/\/dashboard\/schedules$/);
  const tabRow = page.getByTestId('schedule-row');
  await expect(tabRow).toHaveCount(1);
  await expect(tabRow).toContainText('Weekday mornings');
  await expect(tabRow).toContainText('Morning digest');
  await shoot(page, 'dashboard');

  // Edit from the tab opens the editor on that schedule's form.
  await tabRow.getByRole('link', { name: 'Edit Weekday mornings' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit schedule' }).getByLabel('Name')).toHaveValue('Weekday mornings');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/schedules');

  // Delete asks first; then the tab is empty.
  await tabRow.getByRole('button', { name: 'Delete Weekday mornings' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete schedule' }).click();
  await expect(page.getByText('No schedules yet')).toBeVisible();
  expect(await schedulesOf(page, workflowId)).toEqual([]);
  await shoot(page, 'dashboard-empty');
});

test("the server's refusal shows in the form and the typed schedule stays", async ({ page }) => {
  await signUpViaApi(page);
  const workflowId = await createWorkflow(page, 'Soon gone', [{ id: 'out', label: 'Output', type: 'output', x: 0, y: 0 }]);
  await page.goto(`/workflow/${workflowId}`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByRole('dialog', { name: 'New schedule' });
  await form.getByLabel('Name').fill('Hourly check');
  // Deleted elsewhere (another tab) while the form is open.
  const gone = await page.request.delete(`/api/workflows/${workflowId}`, { headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(gone.status()).toBe(204);
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'workflowId: no workflow of yours has this id' })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Hourly check');
});
