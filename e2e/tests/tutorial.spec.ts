import type { Locator, Page } from '@playwright/test';
import { connect, dragFromLibrary, handle, node, openLibrary } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';

/**
 * The first-run tutorial (SPEC.md sections 4 and 9, issue 13): six steps that move on as
 * the user builds and runs Text Input → Template → Output, resumed after a reload, never
 * shown again once done or skipped, and removed from local storage on sign-out.
 */

test.use({ tutorial: 'fresh' });

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
const card = (page: Page) => page.getByTestId('tutorial-card');
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('weft.tutorial'));

/** The card sits just right of the anchor and level with it. */
async function expectBeside(page: Page, anchor: Locator) {
  await expect
    .poll(async () => {
      const a = await anchor.boundingBox();
      const c = await card(page).boundingBox();
      if (!a || !c) return false;
      const beside = Math.abs(c.x - (a.x + a.width + 12)) <= 2;
      const level = c.y < a.y + a.height && a.y < c.y + c.height;
      return beside && level;
    })
    .toBe(true);
}

/** The card covers none of these (a node's box includes its handles). */
async function expectClearOf(page: Page, targets: Locator[]) {
  await expect
    .poll(async () => {
      const c = await card(page).boundingBox();
      if (!c) return 'no card';
      for (const target of targets) {
        const t = await target.boundingBox();
        if (!t) return 'no target';
        const apart = c.x >= t.x + t.width || t.x >= c.x + c.width || c.y >= t.y + t.height || t.y >= c.y + c.height;
        if (!apart) return `covers ${await target.textContent()}`;
      }
      return 'clear';
    })
    .toBe('clear');
}

async function expectStep(page: Page, number: number, title: string) {
  await expect(card(page)).toContainText(`Step ${number} of 6`);
  await expect(card(page).getByRole('heading')).toHaveText(title);
}

test('the tutorial walks through building and running a first workflow, and resumes after a reload', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/editor');
  await expectStep(page, 1, 'Add a Text Input');
  // Not modal: the card does not claim the focus or cover the page.
  await expect(card(page)).toHaveAttribute('aria-modal', 'false');
  await expectBeside(page, page.locator('[data-library-item="input.text"]'));
  await page.screenshot({ path: `${SCREENSHOT_DIR}tutorial-step-1-light.png` });

  // Each step moves on when the editor shows it done, not on a button.
  await dragFromLibrary(page, 'input.text', 420, 200);
  await expectStep(page, 2, 'Add a Template or an LLM Chat');
  await expectBeside(page, page.locator('[data-library-item="text.template"]'));
  await dragFromLibrary(page, 'text.template', 760, 200);
  await expectStep(page, 3, 'Connect them');

  // Never over what the step names: the two nodes to connect, handles included.
  await expectClearOf(page, [node(page, 'Text Input'), node(page, 'Template')]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}tutorial-step-3-light.png` });

  // Saved and reloaded: the tutorial resumes at the same step, on the workflow it began on.
  await page.keyboard.press(`${mod}+s`);
  await expect(page).toHaveURL(/\/workflow\/[0-9a-f-]{36}$/);
  const workflowId = new URL(page.url()).pathname.split('/').pop();
  expect(JSON.parse((await stored(page)) ?? '{}')).toEqual({ status: 'active', step: 2, workflowId });
  await page.reload();
  await expect(node(page, 'Template')).toBeVisible();
  await expectStep(page, 3, 'Connect them');
  await expectClearOf(page, [node(page, 'Text Input'), node(page, 'Template')]);

  await connect(page, handle(page, 'Text Input', 'source'), handle(page, 'Template', 'target', 'input'));
  await expectStep(page, 4, 'Add an Output and connect it');
  // A workflow with nodes opens with the library folded: the card points at its button.
  await expectBeside(page, page.getByRole('button', { name: 'Expand node library' }));
  await openLibrary(page);
  await expectBeside(page, page.locator('[data-library-item="output"]'));
  await expectClearOf(page, [node(page, 'Template')]);
  await dragFromLibrary(page, 'output', 1000, 420);
  // An Output on its own is not enough: it must be fed by the Template.
  await expect(node(page, 'Output')).toBeVisible();
  await expectStep(page, 4, 'Add an Output and connect it');
  await expectClearOf(page, [node(page, 'Template'), node(page, 'Output')]);
  await connect(page, handle(page, 'Template', 'source'), handle(page, 'Output', 'target'));
  await expectStep(page, 5, 'Run it');
  const run = page.getByTestId('run-button');
  await expect.poll(async () => ((await card(page).boundingBox())?.y ?? 0) > ((await run.boundingBox())?.y ?? 0)).toBe(true);

  // Give the input some text, then run; the log step follows, then the closing card.
  await node(page, 'Text Input').dblclick();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Hello from the tutorial');
  await run.click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
  await expect(page.getByTestId('logs-area')).toContainText('Run succeeded');
  await expect(card(page).getByRole('heading')).toHaveText('Your first workflow ran');
  expect(JSON.parse((await stored(page)) ?? '{}')).toEqual({ status: 'done' });
  await page.screenshot({ path: `${SCREENSHOT_DIR}tutorial-done-light.png` });

  // Escape in the card closes it and gives the focus back to the canvas.
  await card(page).getByRole('button', { name: 'Got it' }).focus();
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByTestId('editor-canvas')).toBeFocused();

  // Done is done: not shown again.
  await page.reload();
  await expect(node(page, 'Output')).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});

test('the tutorial is skipped with Escape or its button, stays skipped, and sign-out removes its state', async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/editor');
  await expectStep(page, 1, 'Add a Text Input');
  await page.screenshot({ path: `${SCREENSHOT_DIR}tutorial-step-1-dark.png` });

  // Keyboard: Tab reaches the card's buttons; Escape there skips it.
  await card(page).getByRole('button', { name: 'Skip tutorial' }).focus();
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  expect(JSON.parse((await stored(page)) ?? '{}')).toEqual({ status: 'dismissed' });
  await page.reload();
  await expect(page.getByText('Start building your workflow')).toBeVisible();
  await expect(card(page)).toHaveCount(0);

  // Sign-out removes it (SPEC.md section 4), so the next person on this browser starts afresh.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/editor/);
  expect(await stored(page)).toBeNull();
});

test('the tutorial stays off a template’s workflow and starts on a blank one, which it then stays with', async ({ page }) => {
  test.setTimeout(45_000);
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  // A template's workflow has its own setup bar to follow: no tutorial over it, nothing stored.
  await page.goto('/gallery');
  await page.getByRole('link', { name: 'Use template Spreadsheet summarizer' }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  const templateUrl = page.url();
  await expect(page.getByTestId('setup-checklist')).toBeVisible();
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  expect(await stored(page)).toBeNull();

  // A new, blank workflow: the tutorial starts there.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New workflow' }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/);
  await expectStep(page, 1, 'Add a Text Input');
  const blankId = new URL(page.url()).pathname.split('/').pop();
  expect(JSON.parse((await stored(page)) ?? '{}')).toEqual({ status: 'active', step: 0, workflowId: blankId });

  // Back on the template's workflow it is not shown; on the blank one it is again.
  await page.goto(templateUrl);
  await expect(page.getByTestId('setup-checklist')).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await page.goto(`/workflow/${blankId}`);
  await expectStep(page, 1, 'Add a Text Input');
});
