import type { Page } from '@playwright/test';
import { startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { runToEnd } from '../support/runs.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Iterating on a workflow (issue 13): pin a node's output from a run, see the pin badge,
 * run again without calling it, run one node fed by the last runs, retry settings, and
 * replay a past run. The model is the local OpenAI-compatible peer, whose request count
 * tells which runs really called the model node.
 */

const ANSWER = 'The Eiffel Tower stands in Paris.';

const shoot = (page: Page, name: string) => shootThemes(page, `iterate-${name}`);

test('pin an output, run without calling the node, run one node, retry settings, replay', async ({ page }) => {
  test.setTimeout(120_000);
  const peer = await startOpenAiPeer({ reply: ANSWER, tokenDelayMs: 1 });
  try {
    await openNewWorkflow(
      page,
      {
        name: 'Where is it?',
        nodes: [
          { id: 'q', label: 'Question', type: 'input.text', x: 0, y: 120, config: { text: 'Where is the Eiffel Tower?' } },
          {
            id: 'm',
            label: 'Model',
            type: 'llm.chat',
            x: 340,
            y: 120,
            config: { provider: 'openai-compatible', baseUrl: peer.url, model: 'e2e-model', prompt: '{{input}}' },
          },
          { id: 'a', label: 'Answer', type: 'output', x: 680, y: 120 },
        ],
        edges: chain(['q', 'm', 'a']),
      },
      { displayName: 'Ivo Iterate', viewport: { width: 1600, height: 1000 } },
    );
    const logs = page.getByTestId('logs-area');

    // A first run calls the model once.
    const first = await runToEnd(page, () => page.getByTestId('run-button').click());
    expect(first.status).toBe('success');
    expect(peer.requests).toHaveLength(1);

    // Pin the model's answer from the inspector: the card shows the pin.
    await node(page, 'Model').click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector.getByTestId('inspector-output')).toContainText(ANSWER);
    await inspector.getByTestId('inspector-pin').click();
    await expect(page.getByText(/^Pinned\. Manual runs now use this output/)).toBeVisible();
    await expect(node(page, 'Model').getByTestId('node-pinned')).toBeVisible();
    await expect(node(page, 'Question').getByTestId('node-pinned')).toHaveCount(0);

    // The next run saves the pin first, then feeds it on without calling the model.
    const pinned = await runToEnd(page, () => page.getByTestId('run-button').click());
    expect(pinned.status).toBe('success');
    expect(pinned.nodes.m?.source).toBe('pinned');
    expect(peer.requests).toHaveLength(1);
    await expect(logs).toContainText('Model: Pinned: its pinned output was used, the node was not called');
    await node(page, 'Model').click();
    await expect(inspector.getByTestId('inspector-source')).toHaveText('pinned, not called');
    await shoot(page, 'pinned-run');

    // The settings panel shows the pin as JSON; a pin that cannot fit is refused inline.
    await node(page, 'Model').dblclick();
    const settings = page.getByRole('complementary', { name: 'Node settings' });
    const pinSection = settings.getByTestId('pinned-output');
    await expect(pinSection).toContainText(ANSWER);
    await pinSection.getByTestId('pin-edit').click();
    await pinSection.getByTestId('pin-json').fill('{ "output": 42 }');
    await pinSection.getByTestId('pin-save').click();
    await expect(pinSection.getByTestId('pin-error')).toHaveText('Output "Answer": expected text (a JSON string), got a number.');
    await pinSection.getByTestId('pin-json').fill('{ "output": "Typed in by hand." }');
    await pinSection.getByTestId('pin-save').click();
    await expect(pinSection).toContainText('Typed in by hand.');
    // Toasts would cover the panel's lower half in the screenshots.
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await expect(dismiss).toHaveCount(0);
    await settings.getByTestId('pin-remove').scrollIntoViewIfNeeded();
    await shoot(page, 'node-settings');

    // Unpin, then run only the model: the question comes from the last run, not run again.
    await pinSection.getByTestId('pin-remove').click();
    await expect(node(page, 'Model').getByTestId('node-pinned')).toHaveCount(0);
    const single = await runToEnd(page, () => settings.getByTestId('run-this-node').click());
    expect(single.status).toBe('success');
    expect(single.nodes.q?.source).toBe('reused');
    expect(Object.keys(single.nodes).sort()).toEqual(['m', 'q']);
    expect(peer.requests).toHaveLength(2);
    await expect(logs).toContainText("Question: Reused: the last run's output was used, the node was not called");

    // Retries: the model refuses this model name; three tries, each logged, then the node fails.
    await settings.getByTestId('node-setting-retries').fill('2');
    await settings.getByTestId('node-setting-waitSeconds').fill('0.1');
    await settings.getByTestId('node-setting-timeoutSeconds').fill('0.5');
    await expect(settings.getByText('From 1 to 3600 seconds')).toBeVisible();
    await settings.getByTestId('node-setting-timeoutSeconds').fill('30');
    peer.set({ models: ['another-model'] });
    const retried = await runToEnd(page, () => settings.getByTestId('run-up-to-here').click());
    expect(retried.status).toBe('error');
    expect(retried.nodes.m?.attempts).toBe(3);
    expect(peer.requests).toHaveLength(5);
    await expect(logs).toContainText('Model: Started (attempt 3 of 3)');
    await expect(logs).toContainText('Model: Attempt 2 failed');
    await node(page, 'Model').click();
    await expect(inspector.getByTestId('inspector-attempts')).toHaveText('attempt 3 of 3');
    await shoot(page, 'retries');
    peer.set({ models: undefined });

    // Replay the first run from the history: a new run with its inputs that names it.
    await page.getByTestId('run-history-button').click();
    await page.getByTestId('history-item').last().click();
    const banner = page.getByTestId('run-banner');
    await expect(banner).toHaveAttribute('data-execution-id', first.id);
    await shoot(page, 'history-banner');
    const replay = await runToEnd(page, () => banner.getByTestId('run-banner-replay').click());
    expect(replay.status).toBe('success');
    expect(replay.replayOf).toBe(first.id);
    await expect(banner).toHaveCount(0);
  } finally {
    await peer.close();
  }
});
