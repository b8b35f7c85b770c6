import { startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { connect, dragFromLibrary, handle, node } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';

const KEY = 'sk-e2e-model-key-4f7a9c';
const ANSWER = 'The Eiffel Tower stands in Paris, on the Champ de Mars.';

test('build Text Input → LLM Chat → Output, add a secret, run with live logs, inspect, cancel, find the runs in history', async ({ page }) => {
  test.setTimeout(90_000);
  // The model server the workflow talks to, on 127.0.0.1 (the e2e server allows private networks).
  const peer = await startOpenAiPeer({ apiKey: KEY, reply: ANSWER, tokenDelayMs: 40, stallAfterTokens: 4 });
  try {
    await signUpViaApi(page, { displayName: 'Rita Runner' });
    await page.setViewportSize({ width: 1600, height: 1000 });

    // Settings → Secrets: the value goes in once and only its last four characters come back.
    await page.goto('/settings#secrets');
    await page.getByLabel('Secret name').fill('MODEL_KEY');
    await page.getByLabel('Secret value').fill(KEY);
    await page.getByRole('button', { name: 'Add secret' }).click();
    await expect(page.getByText('MODEL_KEY').first()).toBeVisible();
    await expect(page.getByText('9c', { exact: false }).first()).toBeVisible();
    expect(await page.content()).not.toContain(KEY);

    // Build the workflow by hand.
    await page.goto('/editor');
    await expect(page.getByText('Start building your workflow')).toBeVisible();
    await dragFromLibrary(page, 'input.text', 20, 300);
    await dragFromLibrary(page, 'llm.chat', 340, 460);
    await dragFromLibrary(page, 'output', 660, 300);
    await connect(page, handle(page, 'Text Input', 'source'), handle(page, 'LLM Chat', 'target', 'input'));
    await connect(page, handle(page, 'LLM Chat', 'source'), handle(page, 'Output', 'target'));
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);

    await node(page, 'Text Input').dblclick();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Where is the Eiffel Tower?');
    await node(page, 'LLM Chat').dblclick();
    const settings = page.getByRole('complementary', { name: 'Node settings' });
    await settings.getByLabel('Provider').selectOption('openai-compatible');
    await settings.getByLabel('Base URL').fill(peer.url);
    await settings.getByRole('textbox', { name: 'Model (required)' }).fill('e2e-model');
    await settings.getByLabel('API key').selectOption('MODEL_KEY');

    // Run: the editor saves first, then the tokens stream into the logs while the node runs.
    await page.getByTestId('run-button').click();
    await expect(page.getByText(/Saved “/)).toBeVisible();
    const logs = page.getByTestId('logs-area');
    // The last "s" stays back while the model stalls: it could be the start of the key
    // ("sk-…"), and a secret must not stream out a character at a time.
    await expect(logs).toContainText('The Eiffel Tower stand', { timeout: 15_000 });
    await expect(node(page, 'LLM Chat').getByTestId('node-status')).toHaveAttribute('data-status', 'running');
    await expect(node(page, 'Text Input').getByTestId('node-status')).toHaveAttribute('data-status', 'success');
    await expect(logs).toContainText(/\[\d{1,2}:\d{2}:\d{2}( [AP]M)?\]/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}run-streaming.png` });

    // The model stalls after four tokens: cancel it.
    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 10_000 });

    // Let the model answer in full and run again.
    peer.set({ stallAfterTokens: undefined });
    await page.getByTestId('rerun-button').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 15_000 });
    for (const label of ['Text Input', 'LLM Chat', 'Output']) {
      await expect(node(page, label).getByTestId('node-status')).toHaveAttribute('data-status', 'success');
    }
    await expect(logs).toContainText(ANSWER);
    expect(peer.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    // The inspector shows what went into and came out of the LLM node.
    await node(page, 'LLM Chat').click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toContainText('Where is the Eiffel Tower?');
    await expect(inspector).toContainText(ANSWER);
    await inspector.getByTestId('inspector-view-json').click();
    await expect(inspector).toContainText(`"${ANSWER}"`);
    await inspector.getByTestId('inspector-view-markdown').click();
    await expect(inspector.locator('p', { hasText: 'Champ de Mars' }).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}run-inspector.png` });

    // History in the editor: both runs, newest first.
    await page.getByTestId('run-history-button').click();
    const items = page.getByTestId('history-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(/success|succeeded|done/i);
    await expect(items.nth(1)).toContainText(/cancel/i);

    // And on the dashboard's Executions tab, filtered to this workflow, where they link back to the editor.
    const workflowUrl = page.url();
    await page.getByRole('menuitem', { name: 'All runs of this workflow' }).click();
    await expect(page).toHaveURL(/\/dashboard\/executions\?workflowId=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('executions-link')).toHaveAttribute('aria-current', 'page');
    const rows = page.getByTestId('execution-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('filter-workflow')).toHaveValue(new URL(workflowUrl).pathname.split('/').at(-1) ?? '');
    await page.screenshot({ path: `${SCREENSHOT_DIR}executions-page.png` });
    expect(await page.content()).not.toContain(KEY);
    // The row's first link opens the run; the second opens the version it ran.
    await rows.nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/workflow\/[0-9a-f-]{36}\?execution=/);
    await expect(page.getByTestId('run-banner')).toContainText(/cancel/i);
  } finally {
    await peer.close();
  }
});
