import type { Page } from '@playwright/test';
import { openNewWorkflow } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The schedule form's defects of issue 22, as a user meets them: the "Optional" name left
 * empty is taken (the list then says when it runs); a cron with seconds lists its next runs
 * to the second, five different times; the ~420 time zones are searched by typing; the
 * toast after creating says the first run on the same 24-hour clock as the list.
 */

const shoot = (page: Page, name: string) => shootThemes(page, `schedule-form-${name}`);

test('an unnamed schedule with seconds, in a zone found by typing, reads the same in the toast and the list', async ({ page }) => {
  test.setTimeout(45_000);
  await openNewWorkflow(
    page,
    { name: 'Zone test', nodes: [{ id: 'out', label: 'Output', type: 'output', x: 0, y: 0 }] },
    { viewport: { width: 1280, height: 860 } },
  );
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByRole('dialog', { name: 'Schedules' }).getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByRole('dialog', { name: 'New schedule' });

  // Seconds: five different times, each with its seconds.
  await form.getByLabel('Cron expression').fill('*/15 * * * * *');
  const next = form.getByTestId('schedule-next-runs').locator('li');
  await expect(next).toHaveCount(5);
  const times = await next.allTextContents();
  expect(new Set(times).size).toBe(5);
  for (const time of times) expect(time).toMatch(/\d\d:\d\d:\d\d$/);

  // The zone: typed, not scrolled for; the list shows each match with its offset.
  const zone = form.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('kolk');
  const options = form.getByRole('listbox', { name: 'Time zones' }).getByRole('option');
  await expect(options).toHaveText([/^Asia\/Kolkata\s*UTC\+05:30$/]);
  await shoot(page, 'zone-search');
  await zone.press('Enter');
  await expect(zone).toHaveValue('Asia/Kolkata');
  await expect(form.getByRole('listbox')).toHaveCount(0);
  // Escape leaves a half-typed search and keeps the zone; the dialog stays open.
  await zone.fill('new york');
  await expect(options.first()).toHaveText(/^America\/New York/);
  await zone.press('Escape');
  await expect(zone).toHaveValue('Asia/Kolkata');
  await expect(form).toBeVisible();
  // The keyboard alone: arrows through a region's matches, Enter picks.
  await zone.fill('europe/ber');
  await zone.press('ArrowDown');
  await zone.press('ArrowUp');
  await zone.press('Enter');
  await expect(zone).toHaveValue('Europe/Berlin');

  // A time of the evening, so a 12-hour clock would show.
  await form.getByLabel('Cron expression').fill('0 30 21 * * *');
  await expect(next.first()).toHaveText(/, 21:30$/);
  await shoot(page, 'filled');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await form.getByRole('button', { name: 'Create schedule' }).click();

  const toast = page.getByText(/^Scheduled\. First run/);
  await expect(toast).toBeVisible();
  const toastText = (await toast.textContent()) ?? '';
  expect(toastText).not.toMatch(/AM|PM/i);
  expect(toastText).toContain('21:30');
  const row = page.getByRole('dialog', { name: 'Schedules' }).getByTestId('schedule-row');
  await expect(row).toHaveCount(1);
  // Unnamed: titled by when it runs, not by the server's "Cron …" name.
  await expect(row.locator('p').first()).toHaveText('At 21:30');
  await expect(row).toContainText('Europe/Berlin');
  // The toast and the list say the first run alike: "Tue 1 Dec, 21:30".
  const listed = (await row.locator('time').textContent()) ?? '';
  expect(listed).toMatch(/^\w{3} \d{1,2} \w{3}, 21:30$/);
  expect(toastText).toBe(`Scheduled. First run ${listed}.`);

  // Editing it shows the name empty again, and a name can be given and taken away.
  await row.getByRole('button', { name: /^Edit / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit schedule' });
  await expect(edit.getByLabel('Name')).toHaveValue('');
  await expect(edit.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
  await edit.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
});

test('a template’s schedule is not offered to turn on while the workflow still needs setup', async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/gallery');
  await page.getByRole('link', { name: 'Use template Keyword alert notifier' }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  const bar = page.getByTestId('setup-checklist');
  // A new user lacks the Slack secret too, beside the page and the keyword.
  await expect(bar).toContainText('3 things to provide before this workflow can run');
  await expect(bar.getByRole('button', { name: 'Turn on' })).toHaveCount(0);
  await bar.getByRole('button', { expanded: false }).click();
  await expect(bar.getByTestId('schedule-waits')).toHaveText('After setup');
  await page.keyboard.press('Escape');
  await expect(bar.getByRole('list')).toHaveCount(0);
  // The Schedule dialog offers Resume, and says first why runs would fail now.
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedules' });
  await expect(dialog.getByTestId('schedule-setup-warning')).toContainText('3 things are missing');
  await shoot(page, 'setup-warning');
});
