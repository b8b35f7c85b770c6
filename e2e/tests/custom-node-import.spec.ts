import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createWorkflow, csrfToken, node, openNewWorkflow } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';

/** A custom node type through the API, as the dialog saves it. */
async function createCustomNode(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/custom-nodes', { headers: { 'x-csrf-token': await csrfToken(page) }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { customNode: { type: string } }).customNode.type;
}

const shout = (code: string, output: string) => ({
  title: 'Shout',
  inputs: [{ id: 'text', label: 'Text', type: 'text' }],
  outputs: [{ id: output, label: 'Result', type: 'text' }],
  config: [],
  code,
});

test('a workflow file with a custom node imports into the editor of another account, saves and runs', async ({ page, browser }) => {
  // The author, in a browser context of their own: a custom node in a workflow, exported.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signUpViaApi(author);
  const type = await createCustomNode(author, shout('return inputs.text.toUpperCase();', 'loud'));
  expect(type).toBe('custom.shout');
  const workflowId = await createWorkflow(
    author,
    'Loud greeting',
    [
      { id: 'in', label: 'Greeting', type: 'input.text', x: 0, y: 0, config: { text: 'hello there' } },
      { id: 'shout', label: 'Shout it', type, x: 320, y: 0 },
      { id: 'out', label: 'Result', type: 'output', x: 640, y: 0 },
    ],
    [
      { source: 'in', sourceHandle: 'output', target: 'shout', targetHandle: 'text', type: 'text' },
      { source: 'shout', sourceHandle: 'loud', target: 'out', targetHandle: 'input', type: 'text' },
    ],
  );
  const exported = await author.request.get(`/api/workflows/${workflowId}/export`);
  expect(exported.status()).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-e2e-custom-')), 'loud-greeting.weft.json');
  fs.writeFileSync(file, await exported.text());
  await authorContext.close();

  // The importer already has a different "Shout" under the same id: the import must
  // create the file's type under a new id and re-point the node, leaving theirs alone.
  await signUpViaApi(page);
  expect(await createCustomNode(page, shout('return inputs.text.toLowerCase();', 'quiet'))).toBe('custom.shout');
  await page.goto('/editor');
  await expect(page.getByText('Start building your workflow')).toBeVisible();
  await page.getByTestId('editor-import-input').setInputFiles(file);
  await expect(page.getByText('Imported “Loud greeting” with 1 new custom node type. Save to keep it.')).toBeVisible();

  await expect(node(page, 'Shout it')).toBeVisible();
  await expect(page.getByTestId('unknown-node')).toHaveCount(0);
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  // The library lists the new type beside the user's own, without a reload.
  await expect(page.locator('[data-library-item="custom.shout-2"]')).toBeVisible();
  await expect(page.locator('[data-library-item="custom.shout"]')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved “Loud greeting”.')).toBeVisible();
  await expect(page).toHaveURL(/\/workflow\/[0-9a-f-]{36}$/);
  const savedId = new URL(page.url()).pathname.split('/').at(-1);

  const headers = { 'x-csrf-token': await csrfToken(page) };
  const stored = (await (await page.request.get(`/api/workflows/${savedId}`)).json()) as { workflow: { nodes: { id: string; data: { type: string } }[] } };
  expect(stored.workflow.nodes.find((n) => n.id === 'shout')?.data.type).toBe('custom.shout-2');
  const run = await page.request.post(`/api/workflows/${savedId}/run?wait=true`, { headers, data: {} });
  expect(run.status(), await run.text()).toBe(200);
  const { execution } = (await run.json()) as { execution: { status: string; outputs: Record<string, unknown> } };
  expect(execution).toMatchObject({ status: 'success', outputs: { out: 'HELLO THERE' } });
});

test('an import whose custom node the server refuses leaves the open work as it was', async ({ page }) => {
  await openNewWorkflow(page, { name: 'Keep me', nodes: [{ id: 'a', label: 'Question', type: 'input.text', x: 0, y: 0 }] });
  await expect(node(page, 'Question')).toBeVisible();
  // An id the editor lets through but the server's pattern refuses: its message is shown.
  const { code, ...definition } = shout('return 1;', 'loud');
  const entry = { type: 'custom.Bad!', definition, code };
  const document = {
    weft: 'workflow',
    schemaVersion: 1,
    name: 'Refused',
    nodes: [{ id: 'x', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Shout', type: 'custom.Bad!', config: {} } }],
    edges: [],
    globalParameters: {},
    customNodes: [entry],
  };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-e2e-custom-')), 'refused.json');
  fs.writeFileSync(file, JSON.stringify(document));
  await page.getByTestId('editor-import-input').setInputFiles(file);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByText('customNodes.0.type: expected a custom node type id such as "custom.word-count"')).toBeVisible();
  await expect(node(page, 'Question')).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(1);
  await expect(page.getByTestId('workflow-name')).toContainText('Keep me');
  const types = (await (await page.request.get('/api/custom-nodes')).json()) as { customNodes: unknown[] };
  expect(types.customNodes).toEqual([]);
});
