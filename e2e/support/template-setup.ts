import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * The setup bar after "Use template", driven as a new user does: its list opened, a
 * secret added in its dialog, a parameter set in the Parameters panel, a file uploaded in
 * the node it opens (templates.spec.ts, support-agent-template.spec.ts).
 */

/** Gallery → "Use template": lands on the new, stored workflow and answers its id. */
export async function useTemplateFromGallery(page: Page, name: string): Promise<string> {
  await page.goto('/gallery');
  await page.getByRole('link', { name: `Use template ${name}` }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('workflow-editor')).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

/** The setup bar's list, opened first when folded: the bar is one line until asked. */
export async function setupItems(page: Page) {
  const toggle = page.getByTestId('setup-checklist').locator('button[aria-controls]');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  return page.getByTestId('setup-checklist').getByTestId('setup-item');
}

export async function addSecretFromSetup(page: Page, name: string, value: string) {
  await (await setupItems(page)).filter({ hasText: name }).getByRole('button', { name: 'Add secret' }).click();
  const dialog = page.getByRole('dialog', { name: `Add secret ${name}` });
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByRole('button', { name: 'Add secret' }).click();
  await expect(dialog).toBeHidden();
  await expect((await setupItems(page)).filter({ hasText: name })).toHaveCount(0);
}

export async function setParameter(page: Page, key: string, value: string) {
  await (await setupItems(page)).filter({ hasText: key }).getByRole('button', { name: 'Set value' }).click();
  const field = page.getByLabel(`Value of parameter ${key}`);
  await field.fill(value);
  await field.blur();
}

export async function uploadInNode(page: Page, nodeLabel: string, file: { name: string; mimeType: string; text: string }) {
  await (await setupItems(page))
    .filter({ hasText: `Choose a file for ${nodeLabel}` })
    .getByRole('button', { name: `Open ${nodeLabel}` })
    .click();
  const settings = page.getByRole('complementary', { name: 'Node settings' });
  const chooser = page.waitForEvent('filechooser');
  // The drop zone is the field's control, so its accessible name is the field's label.
  await settings.getByText(/^Upload a (new )?file$/).click();
  await (await chooser).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
  await expect(settings.getByRole('region', { name: 'Chosen file for File' })).toContainText(file.name);
}
