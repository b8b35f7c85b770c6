import type { Locator, Page } from '@playwright/test';
import { type ChatCompletionRequest, startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { chain, createWorkflow, csrfToken } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * The editor's chat panel (issue 13): a Text Input → LLM Chat → Output workflow pointed
 * at the local OpenAI-compatible peer, chatted with over several turns; the answer
 * streams in, a failing run shows its reason inline, the conversation outlives a reload
 * and New conversation empties it; a workflow that cannot chat says why on its disabled button.
 * Screenshots: .test-output/screenshots/chat-*.
 */

const KEY = 'sk-e2e-chat-key-7d21b0';
const PARIS = 'The Eiffel Tower stands in Paris, on the Champ de Mars.';
const HEIGHT = 'It is about 330 metres tall, antennas included.';

/** What the model peer answers: by the last user message, so each turn has its own reply. */
function reply(request: ChatCompletionRequest): string {
  const last = request.messages.at(-1)?.content;
  const text = typeof last === 'string' ? last : JSON.stringify(last);
  return /tall/i.test(text) ? HEIGHT : PARIS;
}

const shoot = (page: Page, target: Locator | Page, name: string) => shootThemes(page, `chat-${name}`, { target });

test('chat with a Text Input → LLM Chat → Output workflow: streaming, turns, errors, clear, and the reason when it cannot chat', async ({ page }) => {
  test.setTimeout(90_000);
  // Stalls after three tokens at first, so the streaming answer can be seen (and stopped).
  const peer = await startOpenAiPeer({ apiKey: KEY, reply, tokenDelayMs: 30, stallAfterTokens: 3 });
  try {
    await signUpViaApi(page, { displayName: 'Chloé Chat' });
    await page.setViewportSize({ width: 1440, height: 900 });
    const secret = await page.request.post('/api/secrets', { headers: { 'x-csrf-token': await csrfToken(page) }, data: { name: 'MODEL_KEY', value: KEY } });
    expect(secret.status(), await secret.text()).toBe(201);

    const guide = await createWorkflow(
      page,
      'Tour Guide',
      [
        { id: 'question', label: 'Question', type: 'input.text', x: 0, y: 0, config: { text: '', askOnRun: true } },
        {
          id: 'model',
          label: 'LLM Chat',
          type: 'llm.chat',
          x: 300,
          y: 0,
          config: { provider: 'openai-compatible', baseUrl: peer.url, model: 'e2e-model', apiKey: '{{secrets.MODEL_KEY}}', prompt: '{{input}}' },
        },
        { id: 'answer', label: 'Answer', type: 'output', x: 600, y: 0, config: { format: 'text' } },
      ],
      chain(['question', 'model', 'answer']),
    );
    const digest = await createWorkflow(page, 'Nightly digest', [
      { id: 'fixed', label: 'Topic', type: 'input.text', x: 0, y: 0, config: { text: 'news' } },
      { id: 'shown', label: 'Shown', type: 'output', x: 300, y: 0 },
    ]);

    await page.goto(`/workflow/${guide}`);
    const button = page.getByTestId('chat-button');
    await expect(button).toBeEnabled();
    await button.click();
    const panel = page.getByRole('complementary', { name: 'Chat' });
    const input = panel.getByTestId('chat-input');
    // Opening moves the focus into the message box; the empty state names the workflow.
    await expect(input).toBeFocused();
    await expect(panel.getByTestId('chat-empty')).toContainText('Ask something to run Tour Guide');
    await expect(panel.getByTestId('chat-send')).toBeDisabled();
    await page.mouse.move(700, 500); // off the button, so its tooltip is not in the pictures
    await shoot(page, panel, 'empty');

    // Turn 1, stalled: the answer streams in token by token while the run goes on; Stop ends it.
    await input.fill('Where is the Eiffel Tower?');
    await input.press('Enter');
    await expect(input).toHaveValue('');
    const answers = panel.getByTestId('chat-answer');
    await expect(answers.last()).toHaveAttribute('data-status', 'streaming', { timeout: 15_000 });
    await expect(answers.last()).toContainText('The Eiffel Tower');
    await expect(panel.getByTestId('chat-send')).toHaveCount(0);
    await shoot(page, panel, 'streaming');
    await panel.getByTestId('chat-stop').click();
    await expect(answers.last()).toHaveAttribute('data-status', 'cancelled', { timeout: 10_000 });
    await expect(answers.last()).toContainText('Stopped before the end.');

    // Turn 1 again, answered in full; the canvas follows the same run.
    peer.set({ stallAfterTokens: undefined });
    await input.fill('Where is the Eiffel Tower?');
    await input.press('Enter');
    await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    await expect(answers.last()).toHaveText(PARIS);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success');

    // Turn 2: Shift+Enter makes a new line, Enter sends.
    await input.fill('How tall is it?');
    await input.press('Shift+Enter');
    await input.pressSequentially('In metres, please.');
    await expect(input).toHaveValue('How tall is it?\nIn metres, please.');
    await input.press('Enter');
    await expect(answers).toHaveCount(3);
    await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    await expect(answers.last()).toHaveText(HEIGHT);
    const mine = panel.locator('[data-role="user"]');
    await expect(mine).toHaveCount(3);
    await expect(mine.last()).toHaveText('How tall is it?\nIn metres, please.');
    expect(peer.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    await shoot(page, panel, 'conversation');

    // A failing run: the model refuses the key; the reason shows in the conversation.
    peer.set({ apiKey: 'sk-rotated-elsewhere' });
    await input.fill('And when was it built?');
    await input.press('Enter');
    const failure = panel.getByTestId('chat-error');
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(failure).toContainText('Check the API key secret');
    await shoot(page, panel, 'error');
    expect(await page.content()).not.toContain(KEY);

    // The conversation stays for the session (a reload), and New conversation empties it.
    await page.reload();
    await page.getByTestId('chat-button').click();
    await expect(mine).toHaveCount(4);
    await expect(panel.getByTestId('chat-error')).toContainText('Check the API key secret');
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await expect(panel.getByTestId('chat-empty')).toBeVisible();

    // Esc closes the panel and gives the focus back to its button.
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('chat-button')).toBeFocused();

    // A workflow that asks for no input cannot chat: the button is disabled and says why.
    await page.goto(`/workflow/${digest}`);
    const off = page.getByTestId('chat-button');
    await expect(off).toBeDisabled();
    await off.hover();
    const tip = page.getByTestId('chat-button-tip');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText('Chat needs a Text Input with “Ask for this value when the workflow runs” turned on');
    await off.click({ force: true });
    await expect(page.getByRole('complementary', { name: 'Chat' })).toHaveCount(0);
    await off.hover();
    await shoot(page, page, 'disabled');
  } finally {
    await peer.close();
  }
});
