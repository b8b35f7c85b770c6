import type { Page } from '@playwright/test';
import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Version history as a user meets it: two saves with changes, the History panel with their
 * summaries, a version's diff to the current workflow, restore as a new version (the canvas
 * changes), a run's link to the version it ran (editor and Executions tab) and the retention
 * setting. Screenshots land in .test-output/screenshots/version-history-*.
 */

const shoot = (page: Page, name: string) => shootThemes(page, `version-history-${name}`);

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Greeting”.').last()).toBeVisible();
}

test('history: summaries, diff, restore, runs linked to their version, retention', async ({ page }) => {
  const id = await openNewWorkflow(
    page,
    {
      name: 'Greeting',
      nodes: [
        { id: 'in', label: 'Text Input', type: 'input.text', x: 0, y: 0, config: { text: 'Hello' } },
        { id: 'out', label: 'Output', type: 'output', x: 330, y: 0 },
      ],
      edges: chain(['in', 'out']),
    },
    { displayName: 'Ada Lovelace', viewport: { width: 1440, height: 900 } },
  );
  await expect(node(page, 'Output')).toBeVisible();

  // Save 1 (version 2): a new text. Then a run of version 2.
  await node(page, 'Text Input').dblclick();
  const settings = page.getByRole('complementary', { name: 'Node settings' });
  await settings.getByRole('textbox', { name: 'Text' }).fill('Bonjour');
  await save(page);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });

  // Save 2 (version 3): the Output goes, and its connection with it.
  await node(page, 'Output').click();
  await page.keyboard.press('Delete');
  await expect(node(page, 'Output')).toHaveCount(0);
  await save(page);

  // The panel lists every save, newest first, with who and what changed.
  await page.getByRole('button', { name: 'Workflow', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Version history…' }).click();
  const panel = page.getByRole('dialog', { name: 'Version history' });
  const items = panel.getByTestId('version-item');
  await expect(items).toHaveCount(3);
  await expect(panel.getByTestId('version-summary')).toHaveText(['Removed Output, removed 1 connection', 'Changed text of Text Input', 'Created with 2 nodes']);
  await expect(items.first()).toContainText('Current');
  await expect(items.first()).toContainText('Ada Lovelace');
  await expect(items.nth(1)).toContainText('1 run');
  await shoot(page, 'list');

  // Version 1 against now: the text's values then and now, the Output removed since.
  await items.nth(2).click();
  const detail = panel.getByTestId('version-detail');
  await expect(detail.getByRole('heading', { name: 'Version 1' })).toBeVisible();
  const field = detail.getByTestId('diff-field');
  await expect(field).toContainText('Text');
  await expect(field).toContainText('Hello');
  await expect(field).toContainText('Bonjour');
  await expect(detail.getByTestId('diff-removed').first()).toContainText('Output');
  await shoot(page, 'diff');

  // Restore, with a confirmation reached by keyboard: a new version, the canvas back to v1.
  await detail.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = detail.getByRole('button', { name: 'Restore version 1' });
  await expect(confirm).toBeFocused();
  await shoot(page, 'confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Restored version 1 as version 4.')).toBeVisible();
  await expect(items).toHaveCount(4);
  await expect(panel.getByTestId('version-summary').first()).toHaveText('Restored version 1: added Output, changed text of Text Input, added 1 connection');
  await expect(detail.getByRole('heading', { name: 'Version 4' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(node(page, 'Output')).toBeVisible();
  await expect(page.getByTestId('save-state')).not.toContainText('Unsaved');

  // The run links to the version it ran, which opens in the panel.
  await page.getByTestId('run-history-button').click();
  await page.getByTestId('run-version-link').first().click();
  await expect(panel.getByTestId('version-detail').getByRole('heading', { name: 'Version 2' })).toBeVisible();
  await expect(panel.getByTestId('version-item').filter({ hasText: '1 run' })).toHaveAttribute('data-version', '2');
  await page.keyboard.press('Escape');

  // The Executions tab's link opens the editor on that version too.
  await page.goto('/dashboard/executions');
  await page.getByTestId('execution-version-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/workflow/${id}$`));
  await expect(panel.getByTestId('version-detail').getByRole('heading', { name: 'Version 2' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Retention: keep the last 2 (v3, v4); v2 stays for its run, v1 goes.
  await page.goto('/settings#version-history');
  const section = page.locator('#version-history');
  await section.getByRole('radio', { name: 'Keep the last versions of each workflow' }).check();
  const amount = section.getByTestId('version-retention-amount');
  await amount.fill('0');
  await expect(section.getByRole('alert')).toHaveText('Enter a number from 1 to 10,000.');
  await amount.fill('2');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. 1 older version was removed.')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'settings');
  await page.goto(`/workflow/${id}?version=1`);
  await expect(panel.getByTestId('version-item')).toHaveCount(3);
  await expect(panel.getByRole('alert')).toContainText('Version 1 of this workflow is not kept');
  await shoot(page, 'not-kept');
});
