import type { Page } from '@playwright/test';
import { connect, dragFromLibrary, handle, node, openNewWorkflow, positionOf } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Where new nodes land (issue 22, "new nodes land connected-ready"): a click in the library
 * with a node selected puts the new one to its right, fed by it when the types fit; with
 * none selected, in the middle of the view; a drop at the drop point; never on another
 * node. A converter inserted between two close nodes moves the right-hand side over to
 * make room. Overlap is measured on the cards as drawn.
 */

const VIEWPORT = { width: 1280, height: 720 };

interface Box {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function cardBoxes(page: Page): Promise<Box[]> {
  return page.locator('.react-flow__node').evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect();
      return { label: el.querySelector('[data-label]')?.getAttribute('data-label') ?? '?', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/** Every pair of cards that overlap on screen, by label. */
async function overlaps(page: Page): Promise<string[]> {
  const boxes = await cardBoxes(page);
  const pairs: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) pairs.push(`${a.label} × ${b.label}`);
    }
  }
  return pairs;
}

async function expectInsideCanvas(page: Page, label: string) {
  await expect
    .poll(async () => {
      const canvas = await page.getByTestId('editor-canvas').boundingBox();
      const card = await node(page, label).boundingBox();
      if (!canvas || !card) return false;
      return card.x >= canvas.x && card.y >= canvas.y && card.x + card.width <= canvas.x + canvas.width && card.y + card.height <= canvas.y + canvas.height;
    })
    .toBe(true);
}

async function clickInLibrary(page: Page, type: string, label: string) {
  await page.locator(`[data-library-item="${type}"]`).click();
  await expect(node(page, label)).toBeVisible();
}

/** Fit to view, so every node is drawn (off-screen ones are not) and can be measured. */
async function fitView(page: Page, count: number) {
  await page.getByRole('button', { name: 'Fit view' }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(count);
}

test('five nodes clicked into the library in a row form a wired chain, none on another', async ({ page }) => {
  test.setTimeout(60_000);
  await openNewWorkflow(page, { name: 'Five in a row', nodes: [] }, { viewport: VIEWPORT });
  await expect(page.getByText('Start building your workflow')).toBeVisible();

  // Nothing selected: the first lands in the middle of the view. Each new node is selected,
  // so the next goes to its right, fed by it where the types fit.
  const chain = [
    ['input.text', 'Text Input'],
    ['text.template', 'Template'],
    ['llm.chat', 'LLM Chat'],
    ['code.javascript', 'Code'],
    ['output', 'Output'],
  ] as const;
  for (const [type, label] of chain) {
    await clickInLibrary(page, type, label);
    await expect(node(page, label)).toHaveClass(/selected/);
    // The view follows the new node, so it is always in sight.
    await expectInsideCanvas(page, label);
  }
  await fitView(page, 5);
  expect(await overlaps(page)).toEqual([]);
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);
  const xs = await Promise.all(chain.map(([, label]) => positionOf(node(page, label)).then((p) => p.x)));
  expect(xs).toEqual([...xs].sort((a, b) => a - b));
  // Level with each other: a chain reads left to right.
  const ys = await Promise.all(chain.map(([, label]) => positionOf(node(page, label)).then((p) => p.y)));
  expect(new Set(ys).size).toBe(1);

  // The whole chain is one undo step per node: undoing the Output takes its edge too.
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+z' : 'Control+z');
  await expect(node(page, 'Output')).toHaveCount(0);
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+Shift+z' : 'Control+Shift+z');
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // Nothing selected: three more clicks land around the middle of the view, none on another.
  await page.keyboard.press('Escape');
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(0);
  for (const label of ['Text Input #2', 'Text Input #3', 'Text Input #4']) await clickInLibrary(page, 'input.text', label);
  await fitView(page, 8);
  expect(await overlaps(page)).toEqual([]);
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // Dropped right on a card: it lands beside it instead.
  const template = await node(page, 'Template').boundingBox();
  const canvas = await page.getByTestId('editor-canvas').boundingBox();
  if (!template || !canvas) throw new Error('no template card');
  await dragFromLibrary(page, 'output', template.x - canvas.x + template.width / 2, template.y - canvas.y + template.height / 2);
  await expect(node(page, 'Output #2')).toBeVisible();
  await fitView(page, 9);
  expect(await overlaps(page)).toEqual([]);
  await shootThemes(page, 'canvas-placement-chain');
});

test('a converter inserted between two close nodes makes room for itself', async ({ page }) => {
  //   [Load Page] [LLM Chat] [Output]      60 px apart: no room for Extract Text
  //   [Note]                               left of LLM Chat: stays where it is
  await openNewWorkflow(
    page,
    {
      name: 'Tight',
      nodes: [
        { id: 'load', label: 'Load Page', type: 'rag.load', x: 0, y: 0, config: { source: 'url', url: 'https://example.com' } },
        { id: 'llm', label: 'Ask', type: 'llm.chat', x: 300, y: 0 },
        { id: 'out', label: 'Answer', type: 'output', x: 600, y: 0 },
        { id: 'note', label: 'Note', type: 'input.text', x: 0, y: 240 },
      ],
      edges: [{ source: 'llm', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'text' }],
    },
    { viewport: VIEWPORT },
  );
  await expect(node(page, 'Answer')).toBeVisible();
  const before = { ask: await positionOf(node(page, 'Ask')), answer: await positionOf(node(page, 'Answer')), note: await positionOf(node(page, 'Note')) };

  await connect(page, handle(page, 'Load Page', 'source'), handle(page, 'Ask', 'target', 'input'));
  await expect(node(page, 'Extract Text')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  expect(await overlaps(page)).toEqual([]);

  // The right-hand side moved over by one amount; the node left of it did not move.
  const ask = await positionOf(node(page, 'Ask'));
  const answer = await positionOf(node(page, 'Answer'));
  expect(ask.x).toBeGreaterThan(before.ask.x);
  expect(answer.x - ask.x).toBe(before.answer.x - before.ask.x);
  expect(await positionOf(node(page, 'Note'))).toEqual(before.note);
  // Between its two ends, level with them.
  const extract = await positionOf(node(page, 'Extract Text'));
  expect(extract.x).toBeGreaterThan(0);
  expect(extract.x).toBeLessThan(ask.x);
  expect(extract.y).toBe(0);
  await shootThemes(page, 'canvas-placement-converter');

  // One undo step puts everything back.
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+z' : 'Control+z');
  await expect(node(page, 'Extract Text')).toHaveCount(0);
  expect(await positionOf(node(page, 'Ask'))).toEqual(before.ask);
});
