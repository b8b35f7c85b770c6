import type { Locator, Page } from '@playwright/test';
import { chain, openNewWorkflow } from '../support/editor.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The editor's controls as a newcomer reads them (issue 22): the toolbar's tools named in
 * words, Schedule among them, one row that fits 1280 px even after a run; the rest in a
 * Workflow menu in words; the Parameters panel with a label on every field; a template
 * chosen while signed out opening right after sign-up, by password or single sign-on.
 */

const shoot = (page: Page, name: string, target?: Locator) => shootThemes(page, `newcomer-${name}`, target ? { target } : {});

/** Whether an element's content fits it (nothing cut off or scrolled). */
const fits = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test('the toolbar names its tools in words and fits 1280 px after a run; the parameters have labels', async ({ page }) => {
  test.setTimeout(45_000);
  await openNewWorkflow(
    page,
    {
      name: 'Weekly newsletter for the whole marketing team',
      nodes: [
        { id: 'topic', label: 'Topic', type: 'input.text', x: 0, y: 0, config: { text: 'For {{params.company}}' } },
        { id: 'out', label: 'Output', type: 'output', x: 360, y: 0 },
      ],
      edges: chain(['topic', 'out']),
    },
    { viewport: { width: 1280, height: 720 } },
  );
  const toolbar = page.getByRole('toolbar', { name: 'Workflow editor' });
  for (const name of ['Parameters', 'Schedule', 'Webhook', 'Chat', 'Workflow', 'Run', 'Save']) {
    await expect(toolbar.getByRole('button').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
  }

  // Parameters: each field says what it is, in the narrow panel's cards.
  await toolbar.getByRole('button', { name: 'Global parameters' }).click();
  await page.getByRole('button', { name: 'Add parameter' }).click();
  const row = page.getByRole('list', { name: 'Global parameters' }).getByRole('listitem').first();
  await expect(row.locator('label')).toHaveText(['Key', 'Value', /^Description\s*Optional$/]);
  for (const label of await row.locator('label').all()) await expect(label).toBeVisible();
  await row.getByLabel('Key of parameter 1').fill('company');
  await row.getByLabel('Value of parameter company').fill('Acme');
  await row.getByLabel('Description of parameter company').fill('Who the letter is from');
  await shoot(page, 'parameters');
  await toolbar.getByRole('button', { name: 'Global parameters' }).click();

  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
  // After a run Re-run and the status join the row: it still fits, the name still shows.
  await expect(page.getByTestId('rerun-button')).toBeVisible();
  expect(await fits(toolbar)).toBe(true);
  await expect(page.getByTestId('workflow-name')).toBeVisible();
  await shoot(page, 'toolbar-1280', toolbar);

  // The rest of the workflow's tools: in a menu, in words.
  await toolbar.getByRole('button', { name: 'Workflow', exact: true }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Version history…', /^Workflow settings…/, 'Import JSON…', 'Export JSON', 'Clear canvas']);
  await shoot(page, 'workflow-menu');
  await page.keyboard.press('Escape');
});

test('a template chosen while signed out opens right after sign-up', async ({ page }) => {
  test.setTimeout(45_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');
  await page.getByRole('link', { name: 'Use template Spreadsheet summarizer' }).click();
  // Sign-up, not sign-in: a newcomer; the page says what comes next.
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByTestId('chosen-template')).toHaveText('Once your account is made, the template “Spreadsheet summarizer” opens in the editor.');
  await shoot(page, 'signup-with-template');
  await page.getByLabel('Email').fill(uniqueEmail('template'));
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('workflow-name')).toContainText('Spreadsheet summarizer');
  await expect(page.locator('.react-flow__node').filter({ hasText: 'Spreadsheet' }).first()).toBeVisible();
  // One workflow, the template's: no blank one was made on the way.
  const listed = (await (await page.request.get('/api/workflows')).json()) as { workflows: { name: string }[] };
  expect(listed.workflows.map((w) => w.name)).toEqual(['Spreadsheet summarizer']);
});

test('a template chosen while signed out survives the trip through single sign-on', async ({ page }) => {
  test.setTimeout(45_000);
  await page.goto('/gallery');
  await page.getByRole('link', { name: 'Use template Document Q&A' }).click();
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The peer's own login form (oidc-provider dev interactions).
  await page.locator('input[name=login]').fill('olive');
  await page.locator('input[name=password]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('workflow-name')).toContainText('Document Q&A');
  // Used once: the next visit to the editor opens what it usually does.
  expect(await page.evaluate(() => sessionStorage.getItem('weft.returnTo'))).toBeNull();
});

test('a signed-out visitor sent to sign in from a deep link comes back to it, query and all', async ({ page }) => {
  await page.goto('/editor?template=keyword-alert');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('chosen-template')).toContainText('Keyword alert notifier');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('deeplink'));
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('workflow-name')).toContainText('Keyword alert notifier');
});
