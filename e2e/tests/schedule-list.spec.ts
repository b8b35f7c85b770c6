import type { Page } from '@playwright/test';
import { chain, createWorkflow, csrfToken } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The dashboard's Schedules tab with more schedules than a page (issue 21): 50 at a time
 * with Load more, filtered by workflow and by active or paused, the filters in the address.
 * Screenshots land in .test-output/screenshots/schedule-list-*.
 */

const GREETING = {
  nodes: [
    { id: 'in', label: 'Greeting', type: 'input.text', x: 0, y: 0, config: { text: 'hello' } },
    { id: 'out', label: 'Output', type: 'output', x: 320, y: 0 },
  ],
  edges: chain(['in', 'out']),
};

async function createSchedules(page: Page, workflowId: string, names: string[], enabled = true) {
  const headers = { 'x-csrf-token': await csrfToken(page) };
  for (const name of names) {
    const response = await page.request.post('/api/schedules', { headers, data: { workflowId, name, intervalSeconds: 3600, enabled } });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);

test('the Schedules tab shows 50 at a time, loads more, and filters by workflow and by paused or active', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const reports = await createWorkflow(page, 'Reports', GREETING.nodes, GREETING.edges);
  const cleanup = await createWorkflow(page, 'Cleanup', GREETING.nodes, GREETING.edges);
  await createSchedules(page, reports, numbered('Report', 55));
  await createSchedules(page, cleanup, numbered('Sweep', 2));
  await createSchedules(page, cleanup, numbered('Archive', 3), false);

  await page.goto('/dashboard/schedules');
  const rows = page.getByTestId('schedule-row');
  await expect(rows).toHaveCount(50);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.scrollIntoViewIfNeeded();
  await shootThemes(page, 'schedule-list-load-more');
  await loadMore.click();
  await expect(rows).toHaveCount(60);
  await expect(loadMore).toBeHidden();
  await expect(rows.filter({ hasText: 'Archive 03' })).toHaveCount(1);

  // Paused only: the three made paused; the choice is kept in the address.
  await page.getByTestId('schedule-filter-status').selectOption({ label: 'Paused' });
  await expect(page).toHaveURL(/status=paused/);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Archive');
  // Cleanup's active ones; pausing one takes it out of this list and puts it in the paused one.
  await page.getByTestId('schedule-filter-status').selectOption({ label: 'Active' });
  await page.getByTestId('schedule-filter-workflow').selectOption({ label: 'Cleanup' });
  await expect(page).toHaveURL(new RegExp(`workflowId=${cleanup}`));
  await expect(rows).toHaveCount(2);
  await shootThemes(page, 'schedule-list-filtered');
  await rows.filter({ hasText: 'Sweep 01' }).getByRole('button', { name: 'Pause Sweep 01' }).click();
  await page.getByRole('dialog', { name: 'Pause “Sweep 01”?' }).getByRole('button', { name: 'Pause schedule' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('schedule-filter-status').selectOption({ label: 'Paused' });
  await expect(rows).toHaveCount(4);

  // A reload keeps the filters; none of Reports is paused, which the empty state says.
  await page.getByTestId('schedule-filter-workflow').selectOption({ label: 'Reports' });
  await page.reload();
  await expect(page.getByText('No schedules match these filters')).toBeVisible();
  await shootThemes(page, 'schedule-list-no-match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(50);
  await expect(page).toHaveURL(/\/dashboard\/schedules$/);
  await shootThemes(page, 'schedule-list-first-page');
});
