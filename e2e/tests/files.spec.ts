import type { Locator, Page } from '@playwright/test';
import { chain, createWorkflow, node } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Uploads as a user meets them: Settings → Files (upload through the picker, a refusal by
 * content shown inline, the list with type, size and "used by"), a Document Loader's File
 * field (choose an upload, drop a new one, run the workflow on it), and delete with a
 * confirmation that names the workflows using the file. Screenshots land in
 * .test-output/screenshots/files-* and /tmp/files-*.
 */

const shoot = (page: Page, target: Locator, name: string) => shootThemes(page, `files-${name}`, { target, dirs: [SCREENSHOT_DIR, '/tmp/'] });

/** Picks a file through the browser's file chooser, opened by clicking `opener`. */
async function pickFile(page: Page, opener: Locator, file: { name: string; mimeType: string; text: string }) {
  const chooser = page.waitForEvent('filechooser');
  await opener.click();
  await (await chooser).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
}

/** Drops a file on `target` as a drag from the desktop does. */
async function dropFile(page: Page, target: Locator, file: { name: string; mimeType: string; text: string }) {
  const dataTransfer = await page.evaluateHandle(({ name, mimeType, text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name, { type: mimeType }));
    return transfer;
  }, file);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

test('files: upload in Settings and from a Document Loader, run on it, see who uses it, delete', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpViaApi(page, { displayName: 'Fay Files' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Settings → Files starts empty.
  await page.goto('/settings#files');
  const section = page.locator('section#files');
  await expect(section.getByText('No files yet.')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Files' })).toBeVisible();

  // Upload through the picker: it is listed with its type, size and that nothing uses it.
  await pickFile(page, section.getByRole('button', { name: /Upload a file/ }), {
    name: 'handbook.md',
    mimeType: 'text/markdown',
    text: '# Handbook\n\nLeave is 25 days a year.\n',
  });
  const list = section.getByRole('list', { name: 'Files' });
  const handbook = list.getByRole('listitem').filter({ hasText: 'handbook.md' });
  await expect(handbook).toContainText('Markdown');
  await expect(handbook).toContainText('37 B');
  await expect(handbook).toContainText('Not used by a workflow');
  await expect(handbook.getByRole('link', { name: 'Download handbook.md' })).toHaveAttribute('href', /\/api\/files\/[0-9a-f-]{36}\/content$/);

  // The server judges the content: text named .pdf is refused, saying so, and nothing is added.
  await pickFile(page, section.getByRole('button', { name: /Upload a file/ }), { name: 'report.pdf', mimeType: 'application/pdf', text: 'not a pdf at all' });
  await expect(section.getByRole('alert')).toContainText('"report.pdf" ends in .pdf but its content is text.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // A type Weft does not take is refused before it is sent.
  await pickFile(page, section.getByRole('button', { name: /Upload a file/ }), { name: 'setup.exe', mimeType: 'application/octet-stream', text: 'MZ' });
  await expect(section.getByRole('alert')).toContainText('“setup.exe” cannot be uploaded: Weft accepts PDF (.pdf)');

  // A Document Loader in a workflow: choose the upload in its File field.
  const workflowId = await createWorkflow(
    page,
    'Handbook answers',
    [
      { id: 'load', label: 'Load handbook', type: 'rag.load', x: 0, y: 0 },
      { id: 'out', label: 'Output', type: 'output', x: 360, y: 0 },
    ],
    chain(['load', 'out'], 'documents'),
  );
  await page.goto(`/workflow/${workflowId}`);
  await node(page, 'Load handbook').dblclick();
  const settings = page.getByRole('complementary', { name: 'Node settings' });
  // The field lists the uploads once they have loaded (until then "File" labels the upload button).
  const picker = settings.getByRole('combobox', { name: 'File', exact: true });
  await expect(picker).toBeVisible();
  await picker.selectOption({ label: 'handbook.md (37 B)' });
  const chosen = settings.getByRole('region', { name: 'Chosen file for File' });
  await expect(chosen).toContainText('handbook.md');
  await expect(chosen).toContainText('37 B · Markdown');

  // Drop a new file on the card: it is uploaded and chosen.
  await dropFile(page, chosen, { name: 'faq.csv', mimeType: 'text/csv', text: 'question,answer\nHow long is leave?,25 days\n' });
  await expect(chosen).toContainText('faq.csv');
  await expect(chosen).toContainText('CSV');
  await shoot(page, settings, 'node-field');

  // A refused drop shows its reason in the field and keeps the chosen file.
  await settings.getByRole('button', { name: 'Change' }).click();
  await dropFile(page, settings.getByRole('button', { name: /Upload a new file/ }), { name: 'photo.png', mimeType: 'image/png', text: 'png' });
  await expect(settings.getByText(/^“photo\.png” cannot be used here: choose a .*PDF.* file\.$/)).toBeVisible();
  await expect(chosen).toContainText('faq.csv');
  await shoot(page, settings, 'node-field-chooser');
  await settings.getByRole('button', { name: 'Keep' }).click();
  await expect(settings.getByRole('button', { name: /Upload a new file/ })).toBeHidden();

  // Run: the editor saves, the server reads the upload and the loader says what it read.
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
  await expect(page.getByTestId('logs-area')).toContainText(/faq\.csv \(\d+ B\): 1 document/);

  // Settings now names the workflow using faq.csv, with a link to it.
  await page.goto('/settings#files');
  const faq = list.getByRole('listitem').filter({ hasText: 'faq.csv' });
  await expect(faq.getByRole('link', { name: 'Handbook answers' })).toHaveAttribute('href', `/workflow/${workflowId}`);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, section, 'settings');

  // Settings → Usage counts both files against the per-user quota (250 MB by default).
  const usage = page.locator('section#usage');
  const files = usage.getByTestId('usage-row').filter({ hasText: 'Files' });
  await expect(files).toContainText(/\d+ B of 250 MB/);
  await expect(files).toContainText('2 files. Uploads past the quota are refused.');
  await expect(usage.getByTestId('usage-row').filter({ hasText: 'Kept executions' })).toContainText('1 of 10,000');
  await usage.scrollIntoViewIfNeeded();
  await shoot(page, usage, 'usage');

  // Delete, keyboard only: the confirmation names the workflow; Cancel keeps the file.
  await faq.getByRole('button', { name: 'Delete faq.csv' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('The workflow “Handbook answers” uses it and will fail until you choose another file.');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(faq).toBeVisible();
  await faq.getByRole('button', { name: 'Delete faq.csv' }).click();
  await confirm.getByRole('button', { name: 'Delete file' }).click();
  await expect(faq).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await page.request.get('/api/files')).status()).toBe(200);
  expect(((await (await page.request.get('/api/files')).json()) as { files: { name: string }[] }).files.map((f) => f.name)).toEqual(['handbook.md']);

  // The workflow's field now says the file is gone, and a run fails naming it, not its id.
  await page.goto(`/workflow/${workflowId}`);
  await node(page, 'Load handbook').dblclick();
  await expect(settings.getByRole('region', { name: 'Chosen file for File' })).toContainText('File not found');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'error', { timeout: 15_000 });
  await expect(page.getByTestId('logs-area')).toContainText('The uploaded file "faq.csv" was deleted from your files.');
});
