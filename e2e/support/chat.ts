import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * Opens the editor's chat panel (its button enabled first: the workflow can chat) and
 * gives `say`, which sends a message and waits for that turn's answer to end with `answer`.
 */
export async function openChat(page: Page) {
  const chatButton = page.getByTestId('chat-button');
  await expect(chatButton).toBeEnabled();
  await chatButton.click();
  const panel = page.getByRole('complementary', { name: 'Chat' });
  const input = panel.getByTestId('chat-input');
  const answers = panel.getByTestId('chat-answer');
  const say = async (words: string, answer: string) => {
    const before = await answers.count();
    await input.fill(words);
    await input.press('Enter');
    await expect(answers).toHaveCount(before + 1);
    await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(answers.last()).toHaveText(answer);
  };
  return { panel, answers, say };
}
