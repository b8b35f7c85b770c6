import type { Page } from '@playwright/test';
import { APP_URL } from '../support/constants.js';
import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Working at the same time (issue 25): one user with the workflow open in two browser
 * contexts (two tabs). The second sees the first in the top bar; the first saves, the
 * second's save is refused with the conflict dialog, whose diff names the first's change,
 * and "Save as a copy" opens the second's version as a new workflow. Nothing is
 * overwritten. Screenshots: .test-output/screenshots/presence-*.
 */

const VIEWPORT = { width: 1440, height: 900 };

async function saveButton(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

test('two tabs: presence, a refused stale save with their changes, and save as a copy', async ({ page, browser }) => {
  const id = await openNewWorkflow(
    page,
    {
      name: 'Shared',
      nodes: [
        { id: 'q', label: 'Question', type: 'input.text', x: 0, y: 0, config: { text: 'Hello' } },
        { id: 'a', label: 'Answer', type: 'output', x: 330, y: 0 },
      ],
      edges: chain(['q', 'a']),
    },
    { displayName: 'Ada Lovelace', viewport: VIEWPORT },
  );
  await expect(node(page, 'Answer')).toBeVisible();

  // The same user in a second browser context: the first tab is listed there, itself not.
  const second = await browser.newContext({ storageState: await page.context().storageState(), baseURL: APP_URL, viewport: VIEWPORT });
  const other = await second.newPage();
  await other.goto(`/workflow/${id}`);
  await expect(node(other, 'Answer')).toBeVisible();
  const viewers = other.getByTestId('presence-viewer');
  await expect(viewers).toHaveCount(1);
  await expect(viewers).toHaveAccessibleName(/^You, in another tab · here since \d/);
  await viewers.hover();
  await expect(other.getByRole('tooltip').filter({ hasText: 'You, in another tab' })).toBeVisible();
  await shootThemes(other, 'presence-top-bar', { target: other.locator('body') });

  // The first tab saves a new text (version 2).
  await node(page, 'Question').dblclick();
  await page.getByRole('complementary', { name: 'Node settings' }).getByRole('textbox', { name: 'Text' }).fill('Bonjour');
  await saveButton(page);
  await expect(page.getByText('Saved “Shared”.')).toBeVisible();

  // The second, still on version 1, removes the Answer and saves: refused, nothing overwritten.
  await node(other, 'Answer').click();
  await other.keyboard.press('Delete');
  await expect(node(other, 'Answer')).toHaveCount(0);
  await saveButton(other);
  const dialog = other.getByRole('alertdialog', { name: 'This workflow was changed elsewhere' });
  await expect(dialog).toContainText('Ada Lovelace saved version 2 at');
  await dialog.getByRole('button', { name: 'See their changes' }).click();
  const theirs = dialog.getByTestId('their-changes');
  await expect(theirs).toContainText('Their changes (version 2)');
  await expect(theirs.getByTestId('diff-field')).toContainText(['TextbeforeHelloafterBonjour']);
  await expect(dialog.getByTestId('your-changes')).toContainText('Answer removed');
  await shootThemes(other, 'presence-conflict-diff');

  await dialog.getByRole('button', { name: 'Save as a copy' }).click();
  await expect(other.getByText('Saved your version as “Shared (copy)”.')).toBeVisible();
  await expect(other).not.toHaveURL(new RegExp(`/workflow/${id}$`));
  await expect(other.getByTestId('workflow-name')).toContainText('Shared (copy)');
  const copyId = decodeURIComponent(new URL(other.url()).pathname.split('/').pop() ?? '');
  const copy = (await (await other.request.get(`/api/workflows/${copyId}`)).json()) as { workflow: { nodes: unknown[]; version: number } };
  expect(copy.workflow).toMatchObject({ version: 1, nodes: [expect.objectContaining({ id: 'q' })] });
  const original = (await (await page.request.get(`/api/workflows/${id}`)).json()) as {
    workflow: { version: number; nodes: { data: { config: { text?: string } } }[] };
  };
  expect(original.workflow.version).toBe(2);
  expect(original.workflow.nodes.map((n) => n.data.config.text ?? null)).toEqual(['Bonjour', null]);
  await second.close();
});
