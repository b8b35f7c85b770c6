import type { Locator, Page } from '@playwright/test';
import { createWorkflow, csrfToken, node, openLibrary } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The run-related screens as a user sees them, in both themes: the logs drawer and the
 * inspector beside the node settings, the run inputs dialog, the run history and the
 * stored-run banner, the webhook and custom node dialogs, the dashboard's Executions tab
 * and the API key and secret settings. Screenshots land in .test-output/screenshots/run-ui-*.
 */

/** Screenshots of one state in both themes (no theme stored: the app follows the emulated system one). */
const shoot = (page: Page, name: string) => shootThemes(page, `run-ui-${name}`);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height, width: b.width };
}

const ROWS_CODE = `return [
  { id: 1, name: 'Ada Lovelace', role: 'Mathematician', note: input },
  { id: 2, name: 'Grace Hopper', role: 'Rear admiral', note: 'Wrote the first compiler, and the word "bug" stuck to her moth.' },
  { id: 3, name: 'Katherine Johnson', role: 'Mathematician', note: null },
];`;

// A long markdown answer: thirty list items, a table and an unbroken 180-character link.
const REPORT_CODE = `const parts = ['# Weekly report', '', 'Asked: **' + input + '**', ''];
for (let i = 1; i <= 30; i++) parts.push('- Item ' + i + ': ' + 'lorem ipsum dolor sit amet '.repeat(4));
parts.push('', '| Metric | Value |', '|---|---|', '| Runs | 42 |', '', 'https://example.com/' + 'a'.repeat(160));
return parts.join('\\n');`;

const LONG_NAME = 'Quarterly people report for the research team, with a summary for the board';

/** The people workflow open in the editor at 1440×900; its id and toolbar. */
async function openPeopleWorkflow(page: Page, displayName: string) {
  await signUpViaApi(page, { displayName });
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await createWorkflow(
    page,
    LONG_NAME,
    [
      { id: 'q', label: 'Question', type: 'input.text', x: 0, y: 0, config: { text: 'Who wrote the first program?', askOnRun: true } },
      { id: 'rows', label: 'People', type: 'code.javascript', x: 330, y: 0, config: { code: ROWS_CODE } },
      { id: 'report', label: 'Report', type: 'code.javascript', x: 330, y: 180, config: { code: REPORT_CODE } },
      { id: 'out', label: 'Output', type: 'output', x: 660, y: 0 },
    ],
    [
      { source: 'q', sourceHandle: 'output', target: 'rows', targetHandle: 'input', type: 'text' },
      { source: 'q', sourceHandle: 'output', target: 'report', targetHandle: 'input', type: 'text' },
      { source: 'rows', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'json' },
    ],
  );
  return { id, toolbar: page.getByRole('toolbar', { name: 'Workflow editor' }) };
}

// One story per test (issue 19): the single long editor story ran out of its 30 s at load 17.
test('editor: run inputs, then logs and inspector beside the settings with a table view', async ({ page }) => {
  const { id, toolbar } = await openPeopleWorkflow(page, 'Ui Looker');
  await page.goto(`/workflow/${id}`);
  await expect(node(page, 'People')).toBeVisible();
  // A long workflow name is cut short instead of running under the toolbar's buttons.
  expect((await box(page.getByTestId('workflow-name'))).right).toBeLessThanOrEqual((await box(toolbar.getByRole('button', { name: 'Undo' }))).left);

  // Run inputs: the Text Input's own text is offered; the answer given is what runs.
  await page.getByTestId('run-button').click();
  const answer = page.getByTestId('run-inputs-dialog').getByRole('textbox', { name: 'Question' });
  await expect(answer).toHaveValue('Who wrote the first program?');
  await expect(answer).toBeFocused();
  await answer.fill('Who wrote the first program, and when?');
  await shoot(page, 'run-inputs');
  await answer.press('Enter');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });

  // The node's settings make the logs give way (they show what it gave), and bring them back on closing.
  await node(page, 'People').dblclick();
  const settings = page.getByRole('complementary', { name: 'Node settings' });
  await expect(settings).toBeVisible();
  const logsToggle = page.getByTestId('logs-area').locator('button[aria-expanded]').first();
  await expect(logsToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(settings.getByTestId('node-gives').getByTestId('port-value')).toContainText('3 items');
  await expect(settings.getByTestId('node-gives').getByTestId('port-value')).toContainText('Ada Lovelace');
  await settings.getByRole('button', { name: 'Close node settings' }).click();
  await expect(logsToggle).toHaveAttribute('aria-expanded', 'true');
  // Asked for beside the settings, logs and inspector share the drawer's width between them, no gap.
  await node(page, 'People').dblclick();
  await logsToggle.click();
  await expect(logsToggle).toHaveAttribute('aria-expanded', 'true');
  const inspector = page.getByTestId('inspector');
  const logs = await box(page.getByTestId('logs-area'));
  const inspectorBox = await box(inspector);
  expect(Math.abs(logs.right - inspectorBox.left)).toBeLessThanOrEqual(1);
  expect(Math.abs(inspectorBox.right - (await box(settings)).left)).toBeLessThanOrEqual(1);
  expect(inspectorBox.width).toBeGreaterThanOrEqual(320);
  await expect(inspector.getByRole('heading', { name: 'People' })).toBeVisible();

  // A list of records opens as a table.
  const output = inspector.getByTestId('inspector-output');
  await expect(inspector.getByTestId('inspector-view-table')).toHaveAttribute('aria-pressed', 'true');
  await expect(output.getByRole('columnheader')).toHaveText(['id', 'name', 'role', 'note']);
  await expect(output.getByRole('row', { name: /Grace Hopper/ })).toContainText('Rear admiral');
  await expect(output.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Who wrote the first program, and when?');
  await output.scrollIntoViewIfNeeded();
  await shoot(page, 'inspector-table');
  // The inspector's edge moves with the keyboard too.
  await inspector.locator('..').getByRole('separator', { name: 'Resize inspector' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await box(inspector)).width).toBeGreaterThan(inspectorBox.width + 10);
  await inspector.getByTestId('inspector-view-json').click();
  await expect(output).toContainText('"name": "Grace Hopper"');
});

test('editor: a long markdown answer in the inspector wraps and never pushes the panel sideways', async ({ page }) => {
  const { id } = await openPeopleWorkflow(page, 'Report Looker');
  await page.goto(`/workflow/${id}`);
  await expect(node(page, 'Report')).toBeVisible();
  await page.getByTestId('run-button').click();
  await page.getByTestId('run-inputs-dialog').getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
  await page.getByTestId('editor-canvas').getByRole('button', { name: 'Fit view' }).click();
  await node(page, 'Report').click();
  const inspector = page.getByTestId('inspector');
  const output = inspector.getByTestId('inspector-output');
  await expect(inspector.getByRole('heading', { name: 'Report' })).toBeVisible();
  await expect(inspector.getByTestId('inspector-view-markdown')).toHaveAttribute('aria-pressed', 'true');
  await expect(output.getByRole('heading', { name: 'Weekly report' })).toBeVisible();
  await expect(output.getByRole('listitem')).toHaveCount(30);
  await output.scrollIntoViewIfNeeded();
  await shoot(page, 'inspector-markdown');
  const body = inspector.locator('[data-node-id]');
  expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
});

test('editor: run history that fails to load, then the banner of an earlier run', async ({ page }) => {
  const { id } = await openPeopleWorkflow(page, 'History Looker');
  const headers = { 'x-csrf-token': await csrfToken(page) };
  for (const question of ['Who wrote the first program?', 'Who wrote the first compiler?']) {
    const response = await page.request.post(`/api/workflows/${id}/run?wait=true`, { headers, data: { inputs: { q: question } } });
    expect(response.status(), await response.text()).toBe(200);
  }
  await page.goto(`/workflow/${id}`);
  await expect(node(page, 'People')).toBeVisible();
  // History: open the earlier run; the banner sits above the canvas, clear of the type legend.
  // A list that fails to load says so, with a brand-coloured way to try again.
  const executionsList = /\/api\/executions\?/;
  await page.route(executionsList, (route) => route.fulfill({ status: 503, json: { message: 'The server is restarting.' } }));
  const historyButton = page.getByTestId('run-history-button');
  await historyButton.click();
  const retry = page.getByTestId('run-history').getByRole('menuitem', { name: 'Try again' });
  await expect(page.getByTestId('run-history')).toContainText('The server is restarting.');
  // The open history button is brand-coloured (text-brand); the menu item's own text-ink used to win over it.
  const brand = await historyButton.evaluate((el) => getComputedStyle(el).color);
  expect(await retry.evaluate((el) => getComputedStyle(el).color)).toBe(brand);
  await page.unroute(executionsList);
  await retry.click();
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(2);
  await items.nth(1).click();
  const banner = page.getByTestId('run-banner');
  await expect(banner).toContainText('Viewing the run from');
  await expect(banner).toContainText('Succeeded');
  expect((await box(banner)).bottom).toBeLessThanOrEqual((await box(page.getByRole('region', { name: 'Data types' }))).top);
  await shoot(page, 'banner');
  await page.getByTestId('run-banner-back').click();
  await expect(banner).toHaveCount(0);
});

test('editor: the webhook dialog', async ({ page }) => {
  const { id, toolbar } = await openPeopleWorkflow(page, 'Dialog Looker');
  await page.goto(`/workflow/${id}`);
  await expect(node(page, 'People')).toBeVisible();
  // Webhook: enable it; the URL, the answer choice and a working curl line show.
  await toolbar.getByRole('button', { name: 'Webhook' }).click();
  const webhook = page.getByRole('dialog', { name: 'Webhook' });
  await webhook.getByRole('button', { name: 'Enable webhook' }).click();
  await expect(webhook.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(new RegExp(`/hooks/${id}/`));
  await expect(webhook.getByRole('radio', { name: /With the output/ })).toBeChecked();
  await expect(webhook.getByText(/curl -X POST/)).toBeVisible();
  // The destructive button reads as one (the ghost look's grey used to win).
  const danger = await webhook.getByRole('button', { name: 'Disable webhook' }).evaluate((el) => getComputedStyle(el).color);
  const muted = await webhook.getByRole('button', { name: 'Close', exact: true }).evaluate((el) => getComputedStyle(el).color);
  expect(danger).not.toBe(muted);
  await shoot(page, 'webhook');
  await page.keyboard.press('Escape');
  await expect(webhook).toHaveCount(0);
});

test('editor: the new custom node dialog', async ({ page }) => {
  const { id } = await openPeopleWorkflow(page, 'Node Maker');
  await page.goto(`/workflow/${id}`);
  await expect(node(page, 'People')).toBeVisible();
  await openLibrary(page);
  // New custom node: id, label and type of a port share one row; the code editor takes Tab.
  await page.getByRole('button', { name: 'New custom node' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New custom node' });
  await dialog.getByLabel('Title').fill('Word count');
  // Both measured in one frame: the dialog may still be moving in (slowly, on a busy machine).
  const portId = await dialog.getByLabel('input 1 id').elementHandle();
  const portType = await dialog.getByLabel('input 1 data type').elementHandle();
  const rowGap = await page.evaluate(([a, b]) => (a && b ? a.getBoundingClientRect().top - b.getBoundingClientRect().top : Number.NaN), [
    portId,
    portType,
  ] as const);
  expect(Math.abs(rowGap)).toBeLessThanOrEqual(2);
  const code = dialog.getByRole('textbox', { name: 'Code' });
  await code.fill('const text = String(inputs.input ?? "");\nreturn text.split(/\\s+/).filter(Boolean).length;');
  await code.press('End');
  await code.press('Tab');
  await expect(code).toBeFocused();
  await code.scrollIntoViewIfNeeded();
  await shoot(page, 'custom-node');
  await dialog.getByRole('button', { name: 'Create node' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-library-item^="custom.word-count"]')).toBeVisible();
});

test('pages: executions tab with rows, filters and empty states; API key shown once; secrets', async ({ page }) => {
  await signUpViaApi(page, { displayName: 'Page Looker' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The dashboard's tab bar: real links, the shown one marked, reachable with Tab.
  await page.goto('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Dashboard views' });
  const workflowsTab = tabs.getByRole('link', { name: 'Workflows' });
  const executionsTab = tabs.getByRole('link', { name: 'Executions' });
  await expect(workflowsTab).toHaveAttribute('aria-current', 'page');
  await expect(executionsTab).not.toHaveAttribute('aria-current', 'page');
  await workflowsTab.focus();
  await page.keyboard.press('Tab');
  await expect(executionsTab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/executions$/);
  await expect(executionsTab).toHaveAttribute('aria-current', 'page');
  await expect(workflowsTab).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('executions-empty')).toContainText('No runs yet');

  const headers = { 'x-csrf-token': await csrfToken(page) };
  const ok = await createWorkflow(page, 'Greeting', [{ id: 'q', label: 'Name', type: 'input.text', x: 0, y: 0, config: { text: 'Ada' } }]);
  const failing = await createWorkflow(page, 'Import customers from the shared spreadsheet every morning, then tidy them', [
    { id: 'boom', label: 'Parse', type: 'code.javascript', x: 0, y: 0, config: { code: 'throw new Error("Column \\"email\\" is missing in row 17")' } },
  ]);
  for (const workflowId of [ok, failing]) {
    const response = await page.request.post(`/api/workflows/${workflowId}/run?wait=true`, { headers, data: {} });
    expect(response.status(), await response.text()).toBe(200);
  }

  // The old address still works, filters and all.
  await page.goto('/executions?status=error');
  await expect(page).toHaveURL(/\/dashboard\/executions\?status=error$/);
  await expect(page.getByTestId('filter-status')).toHaveValue('error');
  const rows = page.getByTestId('execution-row');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\/executions$/);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-status', 'error');
  await expect(rows.first()).toContainText('Column "email" is missing in row 17');
  // The workflow filter stays a sensible width however long a workflow's name is.
  expect((await box(page.getByTestId('filter-workflow'))).width).toBeLessThanOrEqual(256);
  // The filters read as live controls (a <select> matches :read-only, which used to grey them out).
  const ink = await page.getByRole('heading', { name: 'Dashboard' }).evaluate((el) => getComputedStyle(el).color);
  expect(await page.getByTestId('filter-status').evaluate((el) => getComputedStyle(el).color)).toBe(ink);
  // They draw the app's chevron, not each browser's own arrow.
  for (const filter of ['filter-workflow', 'filter-status', 'filter-trigger']) {
    const select = page.getByTestId(filter);
    expect(await select.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
    await expect(select.locator('xpath=following-sibling::*[name()="svg"]')).toBeVisible();
  }
  await shoot(page, 'executions');
  await page.getByTestId('filter-status').selectOption('cancelled');
  await expect(page).toHaveURL(/\/dashboard\/executions\?status=cancelled$/);
  await expect(page.getByTestId('executions-empty')).toContainText('No runs match these filters');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);

  // Replay from the list: a new run of the same workflow with that run's inputs, naming it; the row stays put.
  const greeting = rows.filter({ hasText: 'Greeting' });
  const replayed = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/executions\/[^/]+\/replay$/.test(r.url()));
  await greeting.getByTestId('execution-replay').click();
  const replay = await replayed;
  expect(replay.status(), await replay.text()).toBe(202);
  await expect(page.getByRole('status').filter({ hasText: 'Replaying “Greeting” with the same inputs' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/executions$/);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('replay');
  await expect(rows.first()).toContainText('Greeting');

  // A workflow saved since with an empty required field cannot be replayed: the toast says which node and field, nothing starts.
  const stored = (await (await page.request.get(`/api/workflows/${failing}`)).json()).workflow as Record<string, unknown> & {
    version: number;
    nodes: { data: { config: Record<string, unknown> } }[];
  };
  const { id: _id, version, createdAt: _c, updatedAt: _u, ...document } = stored;
  const emptied = { ...document, nodes: stored.nodes.map((n) => ({ ...n, data: { ...n.data, config: { ...n.data.config, code: '' } } })) };
  const put = await page.request.put(`/api/workflows/${failing}`, { headers, data: { baseVersion: version, document: emptied } });
  expect(put.status(), await put.text()).toBe(200);
  await rows.filter({ hasText: 'Import customers' }).getByTestId('execution-replay').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Node "Parse" cannot run: JavaScript is required' })).toBeVisible();
  await expect(rows).toHaveCount(3);

  // API keys: the token is shown once, in a dialog; the list then shows only its start.
  await page.goto('/settings#api-keys');
  await page.getByLabel('New key name').fill('Nightly import');
  await page.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  const token = await created.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(token).toMatch(/^wk_/);
  await shoot(page, 'api-key-created');
  await created.getByRole('button', { name: 'Done' }).click();
  const keys = page.getByRole('list', { name: 'API keys' });
  await expect(keys).toContainText('Nightly import');
  await expect(keys).toContainText(`${token.slice(0, 9)}…`);
  expect(await page.content()).not.toContain(token);

  // Secrets: the value goes in once; only its last four characters come back.
  await page.goto('/settings#secrets');
  await page.getByLabel('Secret name').fill('MODEL_KEY');
  await page.getByLabel('Secret value').fill('sk-abcdefghijklmnop');
  await page.getByRole('button', { name: 'Add secret' }).click();
  const secrets = page.getByRole('list', { name: 'Secrets' });
  await expect(secrets).toContainText('MODEL_KEY');
  await expect(secrets).toContainText('mnop');
  expect(await page.content()).not.toContain('sk-abcdefghijklmnop');
  await shoot(page, 'secrets');
});
