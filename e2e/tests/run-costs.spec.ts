import { startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { runToEnd } from '../support/runs.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Token use and cost (issue 23): an LLM Chat run on gpt-4o-mini (the OpenAI-compatible peer
 * answering with 1,200 + 300 tokens, priced from core's table at $0.15 / $0.60 per million)
 * shows "1,500 tokens · $0.00036" in the run history, the run banner and the Executions
 * tab, and the workflow's totals in Workflow settings; the node form has the price fields.
 */

const USAGE = '1,500 tokens · $0.00036';

test('a run’s tokens and cost in the history, banner, Executions tab and the workflow’s totals', async ({ page }) => {
  test.setTimeout(90_000);
  const peer = await startOpenAiPeer({ tokenDelayMs: 0, usage: { promptTokens: 1200, completionTokens: 300 } });
  try {
    const workflowId = await openNewWorkflow(
      page,
      {
        name: 'Costed chat',
        nodes: [
          { id: 'in', label: 'Question', type: 'input.text', x: 0, y: 120, config: { text: 'What is Weft?' } },
          {
            id: 'chat',
            label: 'Ask',
            type: 'llm.chat',
            x: 340,
            y: 120,
            config: { provider: 'openai-compatible', baseUrl: peer.url, model: 'gpt-4o-mini', prompt: '{{input}}' },
          },
          { id: 'out', label: 'Answer', type: 'output', x: 680, y: 120 },
        ],
        edges: chain(['in', 'chat', 'out']),
      },
      { displayName: 'Cora Costs', viewport: { width: 1600, height: 1000 } },
    );
    await expect(node(page, 'Ask')).toBeVisible();
    await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

    // The node form offers its own prices (for a model the table does not know).
    await node(page, 'Ask').dblclick();
    const settings = page.getByRole('complementary', { name: 'Node settings' });
    const inputPrice = settings.getByRole('textbox', { name: 'Price per 1M input tokens (USD)' });
    await inputPrice.scrollIntoViewIfNeeded();
    await expect(inputPrice).toHaveValue('');
    await expect(settings.getByRole('textbox', { name: 'Price per 1M output tokens (USD)' })).toBeVisible();
    await shootThemes(page, 'run-costs-price-fields', { target: settings });
    await page.keyboard.press('Escape');

    const run = await runToEnd(page);
    expect(run.status).toBe('success');

    // The stored run, as someone coming back later opens it from the history.
    await page.reload();
    await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
    await page.getByTestId('run-history-button').click();
    const item = page.locator(`[data-testid="history-item"][data-execution-id="${run.id}"]`);
    await expect(item.getByTestId('history-item-cost')).toHaveText('$0.00036');
    await shootThemes(page, 'run-costs-history', { target: page.getByTestId('run-history') });
    await item.click();
    const banner = page.getByTestId('run-banner');
    await expect(banner).toHaveAttribute('data-execution-id', run.id);
    await expect(banner.getByTestId('run-banner-usage')).toHaveText(`· ${USAGE}`);
    await shootThemes(page, 'run-costs-banner', { target: banner });

    // Workflow settings: the workflow's totals.
    await page.getByTestId('run-banner-back').click();
    await page.getByRole('button', { name: 'Workflow', exact: true }).click();
    await page.getByTestId('workflow-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Workflow settings' });
    const usage = dialog.getByTestId('workflow-usage');
    await expect(usage.getByTestId('usage-30-days')).toContainText('$0.00036');
    await expect(usage.getByTestId('usage-all-time')).toContainText('1,500 tokens · 1 run');
    await usage.scrollIntoViewIfNeeded();
    await shootThemes(page, 'run-costs-settings', { target: usage });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The dashboard's Executions tab.
    await page.goto(`/dashboard/executions?workflowId=${workflowId}`);
    const row = page.locator('[data-testid="execution-row"]').first();
    await expect(row.getByTestId('execution-cost')).toContainText('$0.00036');
    await expect(row.getByTestId('execution-cost')).toContainText('1,500 tokens');
    await shootThemes(page, 'run-costs-executions');
  } finally {
    await peer.close();
  }
});
