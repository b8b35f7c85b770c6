import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The audit trail as an owner meets it (issue 25): a few things done (a workflow made and
 * renamed, a secret added, a wrong password), then Settings → Audit log lists them newest
 * first with who did them, filters to the secrets, exports the filtered trail as CSV, keeps
 * 90 days instead of 365, and the secrets list says who created the secret. Screenshots: .test-output/screenshots/audit-log-*.
 */
test('audit log: actions appear, filter, export; secrets say who created them', async ({ page }) => {
  const email = uniqueEmail('audit');
  const signUp = await page.request.post('/api/auth/signup', { data: { email, password: 'correct horse', subscribe: false } });
  expect(signUp.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signUp.json()).token}` };
  const doc = (name: string) => ({ schemaVersion: 1, name, nodes: [], edges: [], globalParameters: {} });
  const created = await page.request.post('/api/workflows', { headers, data: doc('Invoices') });
  const { workflow } = await created.json();
  expect((await page.request.put(`/api/workflows/${workflow.id}`, { headers, data: { baseVersion: 1, document: doc('Invoices 2026') } })).status()).toBe(200);
  expect((await page.request.post('/api/secrets', { headers, data: { name: 'STRIPE_KEY', value: 'sk_test_0123456789' } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'not it' } })).status()).toBe(401);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings#audit-log');
  const section = page.locator('section#audit-log');
  const rows = section.getByTestId('audit-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Failed sign-in');
  await expect(rows.nth(1)).toContainText('Created secret');
  await expect(rows.nth(1)).toContainText('STRIPE_KEY');
  await expect(rows.nth(2)).toContainText('Saved workflow');
  await expect(rows.nth(2)).toContainText('Invoices 2026');
  await expect(rows.nth(3)).toContainText('Created workflow');
  await expect(rows.nth(3)).toContainText(email);
  await section.scrollIntoViewIfNeeded();
  await shootThemes(page, 'audit-log-list', { target: section });

  await section.getByTestId('audit-filter-action').selectOption('secret');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('STRIPE_KEY');
  const href = await section.getByTestId('audit-export-csv').getAttribute('href');
  expect(href).toBe('/api/audit/export?action=secret&format=csv');
  const csv = await page.request.get(href as string);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('secret.create');
  expect(lines[1]).not.toContain('sk_test');

  await section.getByTestId('audit-filter-action').selectOption('member');
  await expect(section.getByText('Nothing matches these filters.')).toBeVisible();
  await shootThemes(page, 'audit-log-empty-filter', { target: section });

  await section.getByTestId('audit-retention-days').fill('90');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Entries older than 90 days are deleted within the hour.')).toBeVisible();
  expect(await (await page.request.get('/api/audit/retention')).json()).toEqual({ days: 90 });

  await page.locator('section#secrets').scrollIntoViewIfNeeded();
  await expect(page.locator('section#secrets').getByTestId('secret-use')).toHaveText(`Created by ${email} · Not used in a run yet`);
  await shootThemes(page, 'audit-log-secret-row', { target: page.locator('section#secrets') });
});
