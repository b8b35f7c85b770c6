import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chain, createWorkflow, csrfToken } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';

function tempFile(name: string, content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-e2e-import-')), name);
  fs.writeFileSync(file, content);
  return file;
}

test('dashboard: empty state, new workflow, import good and bad files, delete with confirmation', async ({ page }) => {
  await signUpViaApi(page, { displayName: 'Dana Board' });
  await page.goto('/dashboard');
  await expect(page.getByText('No workflows yet')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-empty.png` });

  // A broken file is refused in the browser and changes nothing.
  await page.getByTestId('import-workflow-input').setInputFiles(tempFile('broken.json', '{"name": "half'));
  await expect(page.getByText('That file is not valid JSON.')).toBeVisible();
  // Valid JSON that is not a workflow: the server names what is wrong.
  await page.getByTestId('import-workflow-input').setInputFiles(tempFile('foreign.json', JSON.stringify({ name: 'x', nodes: [{ id: 'n1' }] })));
  await expect(page.getByText(/Not a valid Weft workflow file/)).toBeVisible();
  await expect(page.getByText('No workflows yet')).toBeVisible();

  const good = {
    weft: 'workflow',
    schemaVersion: 1,
    name: 'Imported Flow',
    nodes: [
      { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', config: { text: 'hi' } } },
      { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Output', type: 'output', config: {} } },
    ],
    edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
    globalParameters: {},
  };
  await page.getByTestId('import-workflow-input').setInputFiles(tempFile('good.json', JSON.stringify(good)));
  await expect(page.getByRole('link', { name: 'Imported Flow' })).toBeVisible();

  // Not the first workflow any more (the import was), so a new one is Untitled Workflow.
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  await expect(page).toHaveURL(/\/workflow\/[0-9a-f-]{36}$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Untitled Workflow' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My First Automation' })).toHaveCount(0);

  // Duplicate, search and sort.
  await page.getByRole('button', { name: 'Duplicate Imported Flow' }).click();
  await expect(page.getByRole('link', { name: 'Imported Flow (copy)' })).toBeVisible();
  const names = page.getByRole('table').getByRole('link').filter({ hasNotText: /^$/ });
  await page.getByLabel('Sort workflows by').selectOption('name');
  await expect(page.getByRole('table').locator('tbody tr td:first-child a')).toHaveText(['Imported Flow', 'Imported Flow (copy)', 'Untitled Workflow']);
  await page.getByLabel('Search workflows').fill('copy');
  await expect(page.getByRole('table').locator('tbody tr td:first-child a')).toHaveText(['Imported Flow (copy)']);
  await page.getByLabel('Search workflows').fill('kangaroo');
  await expect(page.getByRole('status').filter({ hasText: 'No workflow’s name contains “kangaroo”.' })).toBeVisible();
  await page.getByLabel('Search workflows').press('Escape');
  await expect(names.filter({ hasText: 'Untitled Workflow' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Imported Flow (copy)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete workflow' }).click();
  await expect(page.getByRole('link', { name: 'Imported Flow (copy)' })).toHaveCount(0);

  // Rename from the list (an empty name is refused inline), and run from the list.
  await page.getByRole('button', { name: 'Rename Untitled Workflow' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename workflow' });
  await rename.getByLabel('Name').fill('   ');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByText('Give the workflow a name.')).toBeVisible();
  await rename.getByLabel('Name').fill('Weekly report');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('link', { name: 'Weekly report' })).toBeVisible();
  await page.getByRole('button', { name: 'Run Imported Flow' }).click();
  await expect(page.getByText('“Imported Flow” ran: succeeded.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Imported Flow' })).toContainText('Succeeded');
  await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard.png` });

  await page.getByRole('button', { name: 'Delete Imported Flow' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete workflow' }).click();
  await expect(page.getByRole('link', { name: 'Imported Flow' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Weekly report' })).toBeVisible();
});

test('settings: change display name and password', async ({ page }) => {
  const { email } = await signUpViaApi(page, { password: 'first-password', displayName: 'Sam Set' });
  await page.goto('/settings');
  const name = page.getByLabel('Display Name', { exact: true });
  await name.fill('Samira Settings');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('SS');

  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm password').fill('second-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Current password is incorrect.')).toBeVisible();

  await page.getByLabel('Current password').fill('first-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated. Your other sessions were signed out.')).toBeVisible();

  // A change that also revokes the API keys (someone else may have known the old password).
  const made = await page.request.post('/api/api-keys', { headers: { 'x-csrf-token': await csrfToken(page) }, data: { name: 'script' } });
  expect(made.status()).toBe(201);
  const key = ((await made.json()) as { token: string }).token;
  await page.getByLabel('Current password').fill('second-password');
  await page.getByLabel('New password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm password').fill('third-password');
  await page.getByLabel(/Also revoke my API keys/).check();
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated. Your other sessions were signed out and your API keys revoked.')).toBeVisible();
  const withKey = await page.request.get('/api/executions', { headers: { authorization: `Bearer ${key}` } });
  expect(withKey.status()).toBe(401);

  // Last: signing in through the page's context replaces the page's session cookie.
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'third-password' } });
  expect(login.status()).toBe(200);
});

test('dashboard rows: last run with its status, the next scheduled run, and paused schedules', async ({ page }) => {
  await signUpViaApi(page);
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const flow = (name: string) =>
    createWorkflow(
      page,
      name,
      [
        { id: 'in', label: 'Text Input', type: 'input.text', x: 0, y: 0, config: { text: 'hi' } },
        { id: 'out', label: 'Output', type: 'output', x: 300, y: 0 },
      ],
      chain(['in', 'out']),
    );
  const ran = await flow('Ran and scheduled');
  const paused = await flow('Paused one');
  await flow('Never touched');
  const run = await page.request.post(`/api/workflows/${ran}/run?wait=true`, { headers, data: {} });
  expect(run.status(), await run.text()).toBe(200);
  const every3h = { name: 'Every three hours', enabled: true, intervalSeconds: 3 * 3600, timezone: 'UTC' };
  for (const [workflowId, enabled] of [
    [ran, true],
    [paused, false],
  ] as const) {
    const created = await page.request.post('/api/schedules', { headers, data: { ...every3h, workflowId, enabled } });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/dashboard');
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row('Ran and scheduled')).toContainText('Succeeded');
  await expect(row('Ran and scheduled')).toContainText('just now');
  // "in 3 hours", or "in 180 minutes" a moment before the hour mark.
  await expect(row('Ran and scheduled').getByTestId('workflow-next-run')).toHaveText(/^Next in (3 hours|1\d\d minutes)$/);
  await expect(row('Ran and scheduled').getByTestId('workflow-next-run')).toHaveAttribute('title', /\d{2}:\d{2}/);
  await expect(row('Paused one').getByTestId('workflow-next-run')).toHaveText('Paused');
  await expect(row('Paused one')).toContainText('Never run');
  await expect(row('Never touched')).toContainText('Not scheduled');
  await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-rows.png` });
});
