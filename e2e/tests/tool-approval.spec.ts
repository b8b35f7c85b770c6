import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Tool approval in the editor (issue 23): the Refund tool of an Agent gets Require approval
 * in its settings; a run stops with the call waiting, the bar above the canvas shows the
 * tool and its arguments, and Approve lets the run go on to success, the refund service
 * called only then. Screenshots: .test-output/screenshots/tool-approval-*.
 */

/** The refund service the tool calls; counts its calls. */
async function startRefunds(): Promise<{ url: string; calls: () => number; close(): Promise<void> }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls += 1;
    const id = /^\/refunds\/(\w+)$/.exec(req.url ?? '')?.[1];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ refunded: id, amount: 80 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a tool call waits for approval above the canvas, and Approve lets the run finish', async ({ page }) => {
  test.setTimeout(90_000);
  const peer = await startOpenAiPeer({
    tokenDelayMs: 0,
    turn: ((_request: unknown, results: readonly { content: string }[]) =>
      results.length === 0
        ? { toolCalls: [{ name: 'refund_order', arguments: { orderId: '42' } }] }
        : { text: `Refund done: ${results[0]?.content}` }) as never,
  });
  const refunds = await startRefunds();
  try {
    await openNewWorkflow(
      page,
      {
        name: 'Refunds',
        nodes: [
          { id: 'in', label: 'Request', type: 'input.text', x: 0, y: 80, config: { text: 'Please refund order 42' } },
          {
            id: 'agent',
            label: 'Agent',
            type: 'ai.agent',
            x: 340,
            y: 80,
            config: { provider: 'openai-compatible', baseUrl: peer.url, model: 'test-model', task: '{{input}}' },
          },
          {
            id: 'refund',
            label: 'Refund order',
            type: 'http.request',
            x: 20,
            y: 320,
            config: { method: 'POST', url: `${refunds.url}/refunds/{{args.orderId}}` },
          },
          { id: 'out', label: 'Answer', type: 'output', x: 700, y: 80 },
        ],
        edges: [...chain(['in', 'agent', 'out']), { source: 'refund', sourceHandle: 'tool', target: 'agent', targetHandle: 'tools', type: 'tool' }],
      },
      { displayName: 'Ada Approver', viewport: { width: 1440, height: 900 } },
    );

    // The tool's own settings: Require approval.
    await node(page, 'Refund order').dblclick();
    const settings = page.getByRole('complementary', { name: 'Node settings' });
    const toggle = settings.getByTestId('require-approval').getByRole('switch', { name: 'Require approval' });
    await toggle.scrollIntoViewIfNeeded();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // Run: it stops at the refund, which waits; nothing was refunded.
    await page.getByTestId('run-button').click();
    const bar = page.getByTestId('approval-bar');
    await expect(bar).toBeVisible({ timeout: 20_000 });
    await expect(bar.getByTestId('approval-tool')).toHaveText('refund_order');
    await expect(bar.getByTestId('approval-arguments')).toContainText('"orderId": "42"');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'waiting');
    await expect(node(page, 'Agent').getByTestId('node-status')).toHaveAttribute('data-status', 'waiting');
    expect(refunds.calls()).toBe(0);
    await shootThemes(page, 'tool-approval-waiting');
    await shootThemes(page, 'tool-approval-bar', { target: bar });

    // The dashboard's Executions tab says so too (another tab of the same session).
    const dashboard = await page.context().newPage();
    await dashboard.goto('/dashboard/executions');
    const row = dashboard.locator('[data-testid="execution-row"][data-status="waiting"]');
    await expect(row.getByText('Waiting for approval')).toBeVisible();
    await shootThemes(dashboard, 'tool-approval-executions', { target: row });
    await dashboard.close();

    // Approve: a toast, the run goes on live and succeeds with the refund's result.
    await bar.getByTestId('approval-approve').click();
    await expect(page.getByText('Approved refund_order: the run goes on.')).toBeVisible();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
    await expect(bar).toBeHidden();
    expect(refunds.calls()).toBe(1);
    // Not checked here: the "Run resumed" log line. When the resumed run ends before the editor
    // reads it again, the log shown is the stored run's, which lacks it (a known defect, see
    // the runs README); the stream's run:resumed is checked in tool-approval-runs.test.ts.
    await shootThemes(page, 'tool-approval-approved');
  } finally {
    await peer.close();
    await refunds.close();
  }
});
