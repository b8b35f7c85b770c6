import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, test } from '../support/fixtures.js';
import { runToEnd } from '../support/runs.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The node context menu (issue 13, iterate faster): right-click a node for its settings,
 * run this node, run up to here, duplicate and delete; Shift+F10 opens it from the
 * keyboard, Escape gives the focus back to the node.
 */
test('right-click or Shift+F10 on a node: settings, run this node, duplicate, delete', async ({ page }) => {
  await openNewWorkflow(
    page,
    {
      name: 'Greeting',
      nodes: [
        { id: 'q', label: 'Name', type: 'input.text', x: 0, y: 0, config: { text: 'Ada' } },
        { id: 't', label: 'Greet', type: 'text.template', x: 330, y: 0, config: { template: 'Hello {{input}}' } },
        { id: 'o', label: 'Greeting out', type: 'output', x: 660, y: 0 },
      ],
      edges: chain(['q', 't', 'o']),
    },
    { viewport: { width: 1440, height: 900 } },
  );
  const greet = node(page, 'Greet');
  await expect(greet).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Node actions' });

  // Right-click: the node is selected and the menu opens with the first item focused.
  await greet.click({ button: 'right' });
  await expect(menu).toBeVisible();
  await expect(greet).toHaveClass(/selected/);
  await expect(menu.getByRole('menuitem', { name: 'Open settings' })).toBeFocused();
  await shootThemes(page, 'node-menu');

  // Run this node: a run of that node (fed by what it needs), from the menu.
  const single = await runToEnd(page, () => menu.getByRole('menuitem', { name: 'Run this node' }).click());
  expect(single.request).toMatchObject({ target: { nodeId: 't', mode: 'node' } });
  expect(single.status).toBe('success');
  await expect(menu).toHaveCount(0);

  // Keyboard: Shift+F10 on the selected node, arrows to Duplicate, Enter.
  await greet.click();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: /Duplicate/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.react-flow__node')).toHaveCount(4);
  const copy = node(page, 'Greet #2');
  await expect(copy).toBeVisible();
  // The copy lands under its original, covering nothing.
  const [original, duplicate] = [await greet.boundingBox(), await copy.boundingBox()];
  expect(original && duplicate && duplicate.y >= original.y + original.height).toBe(true);
  expect(duplicate?.x).toBeCloseTo(original?.x ?? Number.NaN, 0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}node-menu-duplicate-light.png`, animations: 'disabled' });

  // Escape closes and the focus goes back to the node (the copy).
  await copy.click({ button: 'right' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(copy).toBeFocused();

  // Delete from the menu: one undo step brings the node and its connections back.
  await copy.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /Delete/ }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(3);
  await greet.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /Delete/ }).click();
  await expect(greet).toHaveCount(0);
  await expect(page.locator('.react-flow__edge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(greet).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  // Open settings from the menu: the panel opens on that node.
  await greet.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Open settings' }).click();
  await expect(page.getByRole('complementary', { name: 'Node settings' })).toContainText('Greet');
});
