import type { Locator, Page } from '@playwright/test';
import type { ChatCompletionRequest } from '../../apps/server/src/test-support/openai-peer.js';
import { HELP_ARTICLES, SHOP_ORDER, SUPPORT_ANSWERS } from '../../apps/server/src/test-support/support-shop.js';
import { openChat } from '../support/chat.js';
import { node } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';
import { startTemplatePeers, type TemplatePeers } from '../support/template-peers.js';
import { addSecretFromSetup, setParameter, setupItems, uploadInNode, useTemplateFromGallery } from '../support/template-setup.js';

/**
 * The fifth gallery template, the Support agent (issue 23), as a new user meets it: five
 * cards in the gallery and on the landing page; "Use template" opens the workflow with
 * the setup bar asking for the model key, the order API's address and the help articles;
 * once given, a conversation in the chat panel: a question answered from the articles
 * (the search tool), an order looked up (the HTTP tool) and a follow-up the agent answers
 * from the order it looked up before (memory). The model is the scripted
 * OpenAI-compatible peer (support-shop.ts), the order API an HTTP server on 127.0.0.1.
 */

let peers: TemplatePeers;

test.beforeAll(async () => {
  peers = await startTemplatePeers();
});

test.afterAll(async () => {
  await peers?.close();
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not drawn');
  return found;
}

const shoot = (page: Page, name: string, target?: Locator) =>
  shootThemes(page, `support-agent-${name}`, { dirs: [SCREENSHOT_DIR, '/tmp/'], ...(target ? { target } : {}) });

test('the Support agent template: five cards, setup, and a remembered conversation in the chat', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, { displayName: 'Sam Support' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Five cards in the gallery, the new one last and, being the odd one, across both columns.
  await page.setViewportSize({ width: 1440, height: 2300 });
  await page.goto('/gallery');
  const cards = page.locator('article');
  await expect(cards).toHaveCount(5);
  const card = page.locator('article#support-agent');
  await expect(card).toContainText('Agents');
  await expect(card).toContainText('Chat, API or webhook');
  await expect(card.getByRole('list', { name: /^Nodes: Help Articles/ })).toBeVisible();
  expect((await box(card)).width).toBeGreaterThan((await box(cards.first())).width * 2);
  await shoot(page, 'gallery');
  // On a medium screen it keeps both columns, its preview above its text.
  await page.setViewportSize({ width: 900, height: 1000 });
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'gallery-medium', card);
  await page.setViewportSize({ width: 1440, height: 2300 });
  // Five on the landing page: three in a row, then two, each row filled to the same edge.
  await page.goto('/');
  const teaser = page.getByRole('region', { name: 'Start from a working workflow' });
  const teaserCards = teaser.locator('ul > li');
  await expect(teaserCards).toHaveCount(5);
  const [third, fourth, fifth] = [await box(teaserCards.nth(2)), await box(teaserCards.nth(3)), await box(teaserCards.nth(4))];
  expect(fifth.y).toBe(fourth.y);
  expect(Math.round(fifth.x + fifth.width)).toBe(Math.round(third.x + third.width));
  await teaser.scrollIntoViewIfNeeded();
  await shoot(page, 'landing', teaser);
  await page.setViewportSize({ width: 1440, height: 900 });

  // "Use template": the key, the order API and the articles are what is missing.
  await useTemplateFromGallery(page, 'Support agent');
  await expect(await setupItems(page)).toHaveText([
    /Add the secret OPENAI_API_KEY.*Used by Embed & Store, Search Help Articles, Support Agent/,
    /Set the parameter orderApiUrl.*Your shop’s order API/,
    /Choose a file for Help Articles/,
  ]);
  await expect(node(page, 'Support Agent')).toBeVisible();
  await page.mouse.move(700, 600);
  await shoot(page, 'editor-setup');

  await addSecretFromSetup(page, 'OPENAI_API_KEY', 'sk-support-test');
  await setParameter(page, 'orderApiUrl', peers.siteUrl);
  await uploadInNode(page, 'Help Articles', { name: 'help.md', mimeType: 'text/markdown', text: HELP_ARTICLES });
  await expect(page.getByTestId('setup-checklist')).toBeHidden();
  await page
    .getByRole('button', { name: /^Close (node settings|global parameters)$/ })
    .first()
    .click();

  // The chat panel holds the conversation: each message is a run of the same session.
  const { say } = await openChat(page);
  const lookups = peers.orderLookups.length;
  await say('How long do I have to return an item?', SUPPORT_ANSWERS.returns);
  await say(`Where is my order ${SHOP_ORDER.id}?`, SUPPORT_ANSWERS.order);
  expect(peers.orderLookups.slice(lookups)).toEqual([`/orders/${SHOP_ORDER.id}`]);
  await say('When will it arrive?', SUPPORT_ANSWERS.arrival);
  // Answered from memory: the order's result from the turn before was sent again, and not looked up again.
  const lastCall = peers.model.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.json as ChatCompletionRequest;
  expect(JSON.stringify(lastCall.messages)).toContain(`\\"estimatedDelivery\\":\\"${SHOP_ORDER.estimatedDelivery}\\"`);
  expect(peers.orderLookups.length - lookups).toBe(1);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success');
  await page.mouse.move(700, 600);
  await shoot(page, 'editor-chat');
});
