import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chain, connect, createWorkflow, dragFromLibrary, handle, node, openLibrary, openNewWorkflow, positionOf } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';

function tempFile(name: string, content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-e2e-editor-')), name);
  fs.writeFileSync(file, content);
  return file;
}

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test('build a workflow: drag, connect, converter, merger, refusal, configure, save and reload', async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/editor');
  await expect(page.getByText('Start building your workflow')).toBeVisible();
  await expect(page.getByTestId('workflow-name')).toContainText('My First Automation');

  // Adding a node selects it and leaves the settings closed (issue 13): double-click opens them.
  // (Below the type legend in the top-left corner.)
  await dragFromLibrary(page, 'rag.load', 150, 260);
  await dragFromLibrary(page, 'llm.chat', 720, 200);
  await dragFromLibrary(page, 'input.text', 150, 520);
  await dragFromLibrary(page, 'rag.split', 720, 640);
  await expect(page.locator('.react-flow__node')).toHaveCount(4);
  await expect(page.getByText('Start building your workflow')).toHaveCount(0);

  // documents → text: the rules insert an Extract Text converter between them.
  await connect(page, handle(page, 'Document Loader', 'source'), handle(page, 'LLM Chat', 'target', 'input'));
  await expect(page.getByText('Inserted the “Extract Text” converter (documents → text).')).toBeVisible();
  await expect(node(page, 'Extract Text')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  // A second source into the occupied input: a Merger takes both.
  await connect(page, handle(page, 'Text Input', 'source'), handle(page, 'LLM Chat', 'target', 'input'));
  await expect(page.getByText(/Inserted a “Merger” node/)).toBeVisible();
  await expect(node(page, 'Merger')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // text cannot become documents: refused, with the reason, and nothing changes.
  // While hovering the refused input, a note by the pointer says why; dropping repeats it.
  await connect(page, handle(page, 'Text Input', 'source'), handle(page, 'Text Splitter', 'target'), async () => {
    await expect(page.getByTestId('connection-hint')).toContainText('Cannot connect text to documents');
  });
  await expect(page.getByTestId('connection-hint')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Cannot connect text to documents' })).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // Configure the text input in the right panel; the card shows the text.
  await node(page, 'Text Input').dblclick();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('What changed last quarter?');
  await expect(node(page, 'Text Input')).toContainText('What changed last quarter?');
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');

  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByText('Saved “My First Automation”.')).toBeVisible();
  await expect(page).toHaveURL(/\/workflow\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

  await page.reload();
  await expect(page.locator('.react-flow__node')).toHaveCount(6);
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);
  for (const label of ['Document Loader', 'LLM Chat', 'Text Input', 'Text Splitter', 'Extract Text', 'Merger']) await expect(node(page, label)).toBeVisible();
  await expect(node(page, 'Text Input')).toContainText('What changed last quarter?');
});

test('keyboard: nudge by 5 and 20 px, delete, undo and redo', async ({ page }) => {
  await openNewWorkflow(page, {
    name: 'Keys',
    nodes: [
      { id: 'a', label: 'Question', type: 'input.text', x: 0, y: 0 },
      { id: 'b', label: 'Answer', type: 'output', x: 360, y: 0 },
    ],
    edges: chain(['a', 'b']),
  });
  const question = node(page, 'Question');
  await expect(question).toBeVisible();
  await question.click();
  const start = await positionOf(question);

  await page.keyboard.press('ArrowRight');
  expect(await positionOf(question)).toEqual({ x: start.x + 5, y: start.y });
  await page.keyboard.press('Shift+ArrowDown');
  expect(await positionOf(question)).toEqual({ x: start.x + 5, y: start.y + 20 });

  await page.keyboard.press(`${mod}+z`);
  expect(await positionOf(question)).toEqual(start);
  await page.keyboard.press(`${mod}+Shift+z`);
  expect(await positionOf(question)).toEqual({ x: start.x + 5, y: start.y + 20 });

  await page.keyboard.press('Backspace');
  await expect(question).toHaveCount(0);
  await expect(page.locator('.react-flow__edge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(question).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await page.keyboard.press(`${mod}+y`);
  await expect(question).toHaveCount(0);
});

test('the Workflow menu: export, clear canvas (asks first, Untitled Workflow, undoable), saved only when asked', async ({ page }) => {
  const id = await openNewWorkflow(page, {
    name: 'Crowded',
    nodes: [
      { id: 'a', label: 'Question', type: 'input.text', x: 0, y: 0 },
      { id: 'b', label: 'Answer', type: 'output', x: 360, y: 0 },
    ],
    edges: chain(['a', 'b']),
  });
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  const more = page.getByRole('button', { name: 'Workflow', exact: true });
  const clear = page.getByRole('menuitem', { name: 'Clear canvas' });

  // Keyboard: the menu opens with ArrowDown on its button, Escape closes it.
  await more.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Version history…' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(more).toBeFocused();

  await more.click();
  await page.screenshot({ path: `${SCREENSHOT_DIR}editor-more-menu.png`, animations: 'disabled' });
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export JSON' }).click();
  expect((await download).suggestedFilename()).toMatch(/crowded.*\.json$/i);

  await more.click();
  await clear.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('All 2 nodes');
  await page.screenshot({ path: `${SCREENSHOT_DIR}editor-clear-canvas.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(2);

  await more.click();
  await clear.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear canvas' }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(0);
  await expect(page.getByTestId('workflow-name')).toContainText('Untitled Workflow');
  await expect(page.getByRole('status').filter({ hasText: 'Canvas cleared' })).toBeVisible();
  await more.click();
  await expect(clear).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await page.keyboard.press(`${mod}+z`);
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await expect(page.getByTestId('workflow-name')).toContainText('Crowded');

  // Cleared and saved: the stored workflow is empty and named Untitled Workflow, under the same id.
  await more.click();
  await clear.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear canvas' }).click();
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
  const stored = (await (await page.request.get(`/api/workflows/${id}`)).json()).workflow;
  expect(stored).toMatchObject({ name: 'Untitled Workflow', nodes: [], edges: [] });
});

test('a broken import keeps the open work, and leaving with unsaved changes asks first', async ({ page }) => {
  const id = await openNewWorkflow(page, { name: 'Keep me', nodes: [{ id: 'a', label: 'Question', type: 'input.text', x: 0, y: 0 }] });
  await expect(node(page, 'Question')).toBeVisible();
  await openLibrary(page);
  await page.locator('[data-library-item="output"]').click();
  await expect(page.locator('.react-flow__node')).toHaveCount(2);

  await page.getByTestId('editor-import-input').setInputFiles(tempFile('broken.json', '{"name": "half'));
  await expect(page.getByText(/That file is not valid JSON/)).toBeVisible();
  await page.getByTestId('editor-import-input').setInputFiles(tempFile('foreign.json', JSON.stringify({ name: 'x', steps: [] })));
  await expect(page.getByText(/This is not a Weft workflow/)).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  await expect(page.getByTestId('workflow-name')).toContainText('Keep me');
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');

  await page.getByRole('link', { name: 'All workflows' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflow/${id}$`));
  await expect(page.locator('.react-flow__node')).toHaveCount(2);

  await page.getByRole('link', { name: 'All workflows' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a stale save is refused and Reload, once confirmed, takes the stored version', async ({ page }) => {
  const id = await openNewWorkflow(page, { name: 'Shared', nodes: [{ id: 'a', label: 'Question', type: 'input.text', x: 0, y: 0 }] });
  await expect(node(page, 'Question')).toBeVisible();
  // Another tab saves first.
  const other = await page.request.get(`/api/workflows/${id}`);
  const { workflow } = (await other.json()) as { workflow: Record<string, unknown> & { version: number } };
  const { id: _id, version, createdAt: _c, updatedAt: _u, ...document } = workflow;
  const csrf = ((await (await page.request.get('/api/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const put = await page.request.put(`/api/workflows/${id}`, {
    headers: { 'x-csrf-token': csrf },
    data: { baseVersion: version, document: { ...document, name: 'Renamed elsewhere' } },
  });
  expect(put.status()).toBe(200);

  await openLibrary(page);
  await page.locator('[data-library-item="output"]').click();
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This workflow was changed elsewhere');
  // Never an overwrite: Reload asks first, then the stored version replaces the canvas.
  await dialog.getByRole('button', { name: 'Reload…' }).click();
  await dialog.getByRole('button', { name: 'Reload and discard mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('workflow-name')).toContainText('Renamed elsewhere');
  await expect(page.locator('.react-flow__node')).toHaveCount(1);
  const stored = (await (await page.request.get(`/api/workflows/${id}`)).json()) as { workflow: { name: string; version: number; nodes: unknown[] } };
  expect(stored.workflow).toMatchObject({ name: 'Renamed elsewhere', version: 2 });
});

test('a node of an unknown type shows as an error node and an unknown edge type draws as a default edge', async ({ page }) => {
  await signUpViaApi(page);
  const id = await createWorkflow(
    page,
    'Old file',
    [
      { id: 'a', label: 'Question', type: 'input.text', x: 0, y: 0 },
      { id: 'b', label: 'Answer', type: 'output', x: 360, y: 0 },
    ],
    chain(['a', 'b']),
  );
  // The server refuses to store unknown types, so the stored answer is altered on its way
  // in, as if a node type had since been removed from this server.
  await page.route(`**/api/workflows/${id}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { workflow: { nodes: unknown[]; edges: { type: string }[] } };
    body.workflow.nodes.push({ id: 'x', type: 'custom', position: { x: 180, y: 200 }, data: { label: 'Legacy step', type: 'foo.bar', config: {} } });
    body.workflow.edges[0] = { ...body.workflow.edges[0], type: 'fancy' } as { type: string };
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/workflow/${id}`);
  const unknown = page.getByTestId('unknown-node');
  await expect(unknown).toBeVisible();
  await expect(unknown).toContainText('Unknown node type foo.bar');
  await expect(node(page, 'Question')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await expect(page.locator('.react-flow__edge-default')).toHaveCount(1);
});

test('screenshots of the editor in both themes', async ({ page }) => {
  await signUpViaApi(page, { displayName: 'Shot Taker' });
  const id = await createWorkflow(
    page,
    'Research digest',
    [
      { id: 'q', label: 'Question', type: 'input.text', x: 0, y: 0, config: { text: 'What changed in our pricing last quarter?' } },
      { id: 'load', label: 'Load Documents', type: 'rag.load', x: 0, y: 210 },
      { id: 'split', label: 'Split Documents', type: 'rag.split', x: 330, y: 210 },
      { id: 'llm', label: 'Summarise', type: 'llm.chat', x: 660, y: 0 },
      { id: 'out', label: 'Output', type: 'output', x: 990, y: 30 },
    ],
    [
      { source: 'q', sourceHandle: 'output', target: 'llm', targetHandle: 'input', type: 'text' },
      { source: 'load', sourceHandle: 'output', target: 'split', targetHandle: 'input', type: 'documents' },
      { source: 'llm', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'text' },
    ],
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    // No theme stored: the app follows the system preference, emulated here.
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`/workflow/${id}`);
    await expect(node(page, 'Summarise')).toBeVisible();
    await node(page, 'Summarise').dblclick();
    await expect(page.getByRole('complementary', { name: 'Node settings' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}editor-${theme}.png` });
  }
});
