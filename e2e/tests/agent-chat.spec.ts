import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { type ChatCompletionRequest, type PeerTurn, startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { openChat } from '../support/chat.js';
import { connect, dragFromLibrary, handle, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * An Agent built in the editor (issue 23): Text Input → Agent → Output from the library,
 * an HTTP Request (an order service on 127.0.0.1) and a Code node connected to its Tools
 * input, each shown as a tool with the name and arguments its model sees; then three
 * turns in the chat panel against the OpenAI-compatible peer scripted with tool calls, the
 * third answered from a tool result of the first (memory). Each tool call shows in the
 * reply, the live log and the inspector's steps; the conversation is listed, opened and
 * deleted. Screenshots: .test-output/screenshots/agent-*.
 */

type Message = ChatCompletionRequest['messages'][number];
const text = (m: Message | undefined) => (typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? ''));

/**
 * The model: looks an order up, adds VAT to its amount, and recalls the tracking number,
 * each from what it was sent: the tools it has and the tool results in its messages (the
 * earlier turns' too, which only memory brings back).
 */
function model(request: ChatCompletionRequest): PeerTurn {
  const { messages } = request;
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const task = text(messages[lastUser]);
  const sinceTask = messages
    .slice(lastUser + 1)
    .filter((m) => m.role === 'tool')
    .map(text)
    .join(' ');
  const earlier = messages
    .filter((m) => m.role === 'tool')
    .map(text)
    .join(' ');
  const order = /order (\w+)/i.exec(task)?.[1];
  if (order) {
    if (!sinceTask) return { toolCalls: [{ name: 'look_up_order', arguments: { orderId: order } }] };
    return { text: `Order ${order} has ${/shipped/.test(sinceTask) ? 'shipped' : 'not shipped'}; it arrives on Friday.` };
  }
  if (/VAT/.test(task)) {
    const amount = Number(/amount\W+(\d+)/.exec(earlier)?.[1] ?? Number.NaN);
    if (!sinceTask) return { toolCalls: [{ name: 'add_vat', arguments: { input: amount } }] };
    return { text: `With VAT it comes to ${/\d+(\.\d+)?/.exec(sinceTask)?.[0] ?? '?'} EUR.` };
  }
  const tracking = /TRK-\w+-\d+/.exec(earlier)?.[0];
  return { text: tracking ? `Your tracking number is ${tracking}.` : 'I do not know that.' };
}

/** The order service the HTTP Request tool calls. */
async function startOrderService(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const id = /^\/orders\/(\w+)$/.exec(req.url ?? '')?.[1];
    res.writeHead(id ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(id ? { order: id, status: 'shipped', amount: 100, tracking: `TRK-${id}-7731` } : { error: 'no such order' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const settingsPanel = (page: Page) => page.getByRole('complementary', { name: 'Node settings' });

/** Opens a node's settings and gives it a name. */
async function configure(page: Page, label: string, name?: string) {
  await node(page, label).dblclick();
  const settings = settingsPanel(page);
  await expect(settings).toBeVisible();
  if (name) {
    await settings.getByRole('button', { name: /^Node name: / }).click();
    await settings.getByRole('textbox', { name: 'Node name' }).fill(name);
    await settings.getByRole('textbox', { name: 'Node name' }).press('Enter');
    await expect(node(page, name)).toBeVisible();
  }
  return settings;
}

test('an Agent with two tools built in the editor, chatted with over three turns, each tool call seen', async ({ page }) => {
  test.setTimeout(120_000);
  const peer = await startOpenAiPeer({ tokenDelayMs: 1, turn: model as never });
  const orders = await startOrderService();
  try {
    await openNewWorkflow(page, { name: 'Order helper', nodes: [] }, { displayName: 'Ada Agent', viewport: { width: 1440, height: 900 } });

    // Text Input → Agent → Output, wired by clicking them into the library in a row.
    for (const [type, label] of [
      ['input.text', 'Text Input'],
      ['ai.agent', 'Agent'],
      ['output', 'Output'],
    ] as const) {
      await page.locator(`[data-library-item="${type}"]`).click();
      await expect(node(page, label)).toBeVisible();
    }
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    // With no tools yet, the Agent's settings say which nodes can be its tools.
    let settings = await configure(page, 'Agent');
    await expect(settings.getByTestId('agent-tools-empty')).toContainText('HTTP Request');
    await shootThemes(page, 'agent-tools-empty', { target: settings.getByTestId('agent-tools') });
    await settings.getByRole('button', { name: 'Close node settings' }).click();

    // Two tools under the Text Input, so their Tool connections run left to right into the Agent's Tools input.
    await page.getByRole('button', { name: 'Fit view' }).click();
    await page.locator('.react-flow__controls-zoomout').click();
    await page.locator('.react-flow__controls-zoomout').click();
    const canvasBox = await page.getByTestId('editor-canvas').boundingBox();
    // Fit and zoom are animated: measure once the card has stopped moving, or the drops land on it.
    let seen = '';
    await expect
      .poll(async () => {
        const box = await node(page, 'Text Input').boundingBox();
        const still = JSON.stringify(box) === seen;
        seen = JSON.stringify(box);
        return still && (box?.width ?? 240) < 200;
      })
      .toBe(true);
    const inputBox = await node(page, 'Text Input').boundingBox();
    if (!inputBox || !canvasBox) throw new Error('no Text Input card');
    const x = inputBox.x - canvasBox.x + 40;
    const y = inputBox.y - canvasBox.y + inputBox.height + 110;
    await dragFromLibrary(page, 'http.request', x, y);
    await dragFromLibrary(page, 'code.javascript', x, y + 150);
    await connect(page, handle(page, 'HTTP Request', 'source', 'tool'), handle(page, 'Agent', 'target', 'tools'));
    await connect(page, handle(page, 'Code', 'source', 'tool'), handle(page, 'Agent', 'target', 'tools'));
    await expect(page.locator('.react-flow__edge')).toHaveCount(4);

    // Configured through their settings; each tool is named as the model will call it.
    settings = await configure(page, 'Text Input');
    await settings.getByLabel('Ask for this value when the workflow runs').check();
    settings = await configure(page, 'HTTP Request', 'Look up order');
    await settings.getByRole('textbox', { name: 'URL (required)' }).fill(`${orders.url}/orders/{{args.orderId}}`);
    await expect(settings.getByTestId('as-tool')).toContainText('look_up_order');
    await expect(settings.getByTestId('as-tool')).toContainText('orderId');
    await shootThemes(page, 'agent-as-tool', { target: settings.getByTestId('as-tool') });
    settings = await configure(page, 'Code', 'Add VAT');
    await settings.getByRole('textbox', { name: 'JavaScript (required)' }).fill('return Math.round(input * 1.2 * 100) / 100;');
    settings = await configure(page, 'Agent');
    await settings.getByLabel('Provider').selectOption('openai-compatible');
    await settings.getByLabel('Base URL').fill(peer.url);
    await settings.getByRole('textbox', { name: 'Model (required)' }).fill('e2e-agent');
    await settings.getByLabel('Memory', { exact: true }).selectOption('session');
    const tools = settings.getByTestId('agent-tool');
    await expect(tools).toHaveCount(2);
    await expect(tools.getByTestId('agent-tool-name')).toHaveText(['look_up_order(orderId)', 'add_vat(input)']);
    await expect(node(page, 'Look up order').getByTestId('node-tool-badge')).toContainText('look_up_order');
    await page.mouse.move(10, 10);
    await shootThemes(page, 'agent-tools', { target: settings });
    await settings.getByRole('button', { name: 'Close node settings' }).click();

    // Three turns in the chat panel: each one runs the workflow with the chat's session.
    const { panel, answers, say } = await openChat(page);
    await say('Where is order A42?', 'Order A42 has shipped; it arrives on Friday.');
    await say('And what does it cost with VAT?', 'With VAT it comes to 120 EUR.');
    // Nothing to call: the number comes from the first turn's tool result, kept in memory.
    await say('What was the tracking number again?', 'Your tracking number is TRK-A42-7731.');
    const calls = panel.getByTestId('chat-tool-call');
    await expect(calls).toHaveCount(2);
    await expect(calls.nth(0)).toHaveAttribute('data-name', 'look_up_order');
    await expect(calls.nth(0)).toContainText('orderId: "A42"');
    await expect(calls.nth(1)).toHaveAttribute('data-name', 'add_vat');
    await calls.nth(0).locator('summary').click();
    await expect(calls.nth(0)).toContainText('TRK-A42-7731');

    // The log shows the run on screen, the third turn's: one model call that answered without a tool.
    const logs = page.getByTestId('logs-area');
    await logs.getByRole('button', { name: /^Logs/ }).click();
    await expect(logs).toContainText('model e2e-agent answered');
    await page.getByRole('button', { name: 'Collapse node library' }).click();
    await shootThemes(page, 'agent-chat', { target: page });

    // The first two turns' runs, from the history: each tool call is a line of the log, with its arguments and result.
    const openRun = async (newestFirst: number) => {
      await page.getByTestId('run-history-button').click();
      await page.getByTestId('history-item').nth(newestFirst).click();
    };
    await openRun(2);
    await expect(logs).toContainText('tool look_up_order({"orderId":"A42"}) → {"order":"A42","status":"shipped"');
    await openRun(1);
    await expect(logs).toContainText('tool add_vat({"input":100}) → 120');
    // Room to read the steps: the chat closed, the drawer at its tallest.
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('separator', { name: 'Resize logs and inspector' }).focus();
    await page.keyboard.press('End');
    await node(page, 'Agent').click();
    const steps = page.getByTestId('inspector-step');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toHaveAttribute('data-kind', 'model');
    await expect(steps.nth(0)).toContainText('asked for add_vat');
    await expect(steps.nth(1)).toHaveAttribute('data-name', 'add_vat');
    await steps.nth(1).getByRole('button').click();
    await expect(steps.nth(1).getByTestId('inspector-step-detail')).toContainText('Arguments');
    await expect(steps.nth(1).getByTestId('inspector-step-detail')).toContainText('120');
    await expect(page.getByTestId('inspector-steps-totals')).toContainText('2 model calls · 1 tool call');
    await shootThemes(page, 'agent-inspector-steps', { target: page.getByTestId('inspector') });

    await page.getByTestId('chat-button').click();
    // The conversation is listed with its first words; opened, its turns come back from the server; deleted after a confirmation.
    await panel.getByTestId('chat-conversations').click();
    const conversation = panel.getByTestId('conversation');
    await expect(conversation).toHaveCount(1);
    await expect(conversation).toContainText('Where is order A42?');
    await expect(conversation).toContainText('3 turns');
    await shootThemes(page, 'agent-conversations', { target: panel });
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await expect(panel.getByTestId('chat-empty')).toBeVisible();
    await panel.getByTestId('chat-conversations').click();
    await conversation.getByRole('button', { name: /Where is order A42/ }).click();
    await expect(panel.locator('[data-role="user"]')).toHaveCount(3);
    await expect(answers.last()).toHaveText('Your tracking number is TRK-A42-7731.');
    await expect(calls).toHaveCount(2);
    await panel.getByTestId('chat-conversations').click();
    await conversation.getByRole('button', { name: 'Delete conversation' }).click();
    await panel.getByTestId('conversation-delete-confirm').click();
    await expect(panel.getByTestId('conversations-empty')).toBeVisible();
  } finally {
    await peer.close();
    await orders.close();
  }
});
