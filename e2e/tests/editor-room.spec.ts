import type { Locator, Page } from '@playwright/test';
import { createWorkflow, dragFromLibrary, node } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';

/**
 * Issue 13, room to work: adding or selecting a node leaves the settings closed; they open
 * on double-click, Enter or "Configure", and the node being worked on is never under the
 * settings panel or the overview map. Screenshots at 1440×900 and 1280×720, both themes.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits until the node's box and the other box do not overlap (the view slides in 200 ms). */
async function expectClear(node: Locator, other: Locator) {
  await expect.poll(async () => overlaps(await box(node), await box(other)), { message: 'the node is under the panel or map' }).toBe(false);
}

/** Six nodes reaching the right edge of the canvas at 100 % zoom, where the panel opens. */
async function sixNodeWorkflow(page: Page): Promise<string> {
  return createWorkflow(
    page,
    'Support digest',
    [
      { id: 'q', label: 'Question', type: 'input.text', x: 0, y: 0, config: { text: 'What did customers ask about this week?' } },
      { id: 'load', label: 'Load tickets', type: 'rag.load', x: 0, y: 240 },
      { id: 'split', label: 'Split tickets', type: 'rag.split', x: 330, y: 240 },
      { id: 'tpl', label: 'Build prompt', type: 'text.template', x: 330, y: 0, config: { template: 'Answer: {{input}}' } },
      { id: 'llm', label: 'Summarise', type: 'llm.chat', x: 660, y: 0 },
      { id: 'out', label: 'Digest', type: 'output', x: 990, y: 60 },
    ],
    [
      { source: 'q', sourceHandle: 'output', target: 'tpl', targetHandle: 'input', type: 'text' },
      { source: 'tpl', sourceHandle: 'output', target: 'llm', targetHandle: 'input', type: 'text' },
      { source: 'load', sourceHandle: 'output', target: 'split', targetHandle: 'input', type: 'documents' },
      { source: 'llm', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'text' },
    ],
  );
}

const settingsPanel = (page: Page) => page.getByRole('complementary', { name: 'Node settings' });

test('adding a node selects it and leaves the settings closed; double-click, Enter and Configure open them', async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/editor');
  await expect(page.getByText('Start building your workflow')).toBeVisible();

  // Click-add from the library: the node is selected, the canvas keeps its width.
  await page.locator('[data-library-item="input.text"]').click();
  const input = node(page, 'Text Input');
  await expect(input).toHaveClass(/selected/);
  await expect(page.getByTestId('configure-node')).toBeVisible();
  await expect(settingsPanel(page)).toHaveCount(0);

  // "Configure" opens the settings with the first field focused.
  await page.getByTestId('configure-node').click();
  await expect(settingsPanel(page)).toBeVisible();
  await expect(settingsPanel(page).getByRole('textbox', { name: 'Text', exact: true })).toBeFocused();
  await expect(page.getByTestId('configure-node')).toHaveCount(0);
  await settingsPanel(page).getByRole('button', { name: 'Close node settings' }).click();
  await expect(settingsPanel(page)).toHaveCount(0);

  // A second node, dropped clear of the first: still closed; a click selects, Enter opens.
  await dragFromLibrary(page, 'output', 250, 600);
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  await expect(settingsPanel(page)).toHaveCount(0);
  await input.click();
  await expect(settingsPanel(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(settingsPanel(page)).toBeVisible();
  await expect(settingsPanel(page).getByRole('textbox', { name: 'Text', exact: true })).toBeFocused();

  // With the panel open, selecting another node shows that node's settings.
  await node(page, 'Output').click();
  await expect(settingsPanel(page).locator('code', { hasText: 'output' })).toBeVisible();

  // Escape lets go of the selection and closes the panel; a double-click opens it.
  await page.keyboard.press('Escape');
  await expect(settingsPanel(page)).toHaveCount(0);
  await input.dblclick();
  await expect(settingsPanel(page)).toBeVisible();
  await expect(settingsPanel(page).locator('code', { hasText: 'input.text' })).toBeVisible();
});

test('no panel covers the node being worked on; the overview map hides and never covers a fitted node', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const id = await sixNodeWorkflow(page);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/workflow/${id}`);
      const digest = node(page, 'Digest');
      await expect(digest).toBeVisible();
      const map = page.getByTestId('overview-map');
      // Fit to view on load keeps every node out of the map's corner.
      for (const label of ['Question', 'Load tickets', 'Split tickets', 'Build prompt', 'Summarise', 'Digest']) {
        await expectClear(node(page, label), map);
      }

      // The right-most node, its settings opened: the view slides it out from under the panel.
      await digest.dblclick();
      const panel = settingsPanel(page);
      await expect(panel).toBeVisible();
      await expectClear(digest, panel);
      await expectClear(digest, map);

      // The logs drawer opening shortens the canvas; the node stays in view above it.
      await page.getByTestId('logs-area').locator('button[aria-expanded="false"]').click();
      await expectClear(digest, page.getByTestId('logs-area'));
      await expectClear(digest, panel);
      await expectClear(digest, map);
      // The toolbar leaves the workflow's name whole (it was cut to "Support di…" with room to spare).
      const nameText = page.getByTestId('workflow-name').locator('span.truncate');
      expect(await nameText.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOT_DIR}editor-room-${size.width}x${size.height}-${theme}.png` });
    }
  }

  // The map hides to a small button and comes back; hidden, it covers nothing.
  await page.getByRole('button', { name: 'Hide overview map' }).click();
  await expect(page.getByTestId('overview-map')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show overview map' }).click();
  await expect(page.getByTestId('overview-map')).toBeVisible();
});
