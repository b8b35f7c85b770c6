import type { Locator, Page } from '@playwright/test';
import type { SlackPeer } from '../../apps/server/src/test-support/slack-peer.js';
import { HELP_ARTICLES, SUPPORT_ANSWERS } from '../../apps/server/src/test-support/support-shop.js';
import { csrfToken, node } from '../support/editor.js';
import { expect, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';
import { runTemplate, startTemplatePeers, type TemplatePeers } from '../support/template-peers.js';

/**
 * Results in sight (issue 22, Done when): each of the five gallery templates runs from
 * "Use template" to success in a 1280×720 window, and its result is read on the canvas
 * without panning: the cards that carry it show it whole, inside the canvas and under no
 * panel or overlay. The user already has the model key and the Slack webhook as secrets;
 * the rest (a feed, a page and a keyword, a file, a question, the order API) is given in the editor.
 */

let peers: TemplatePeers;
let slack: SlackPeer;
let siteUrl: string;

test.beforeAll(async () => {
  peers = await startTemplatePeers();
  ({ slack, siteUrl } = peers);
});

test.afterAll(async () => {
  await peers?.close();
});

async function useTemplate(page: Page, name: string) {
  await page.goto('/gallery');
  await page.getByRole('link', { name: `Use template ${name}` }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('workflow-editor')).toBeVisible();
}

async function setParameter(page: Page, key: string, value: string) {
  const field = page.getByLabel(`Value of parameter ${key}`);
  if (!(await field.isVisible())) await page.getByRole('button', { name: 'Global parameters' }).click();
  await field.fill(value);
  await field.blur();
}

/** Closes the side panel (parameters, node settings) with its close button, as a user does when done. */
async function closePanels(page: Page) {
  const close = page.getByRole('button', { name: /^Close (node settings|global parameters)$/ });
  while ((await close.count()) > 0) await close.first().click();
}

async function uploadInNode(page: Page, label: string, file: { name: string; mimeType: string; text: string }) {
  await node(page, label).dblclick();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText(/^Upload a (new )?file$/).click();
  await (await chooser).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
  await expect(page.getByRole('region', { name: 'Chosen file for File' })).toContainText(file.name);
}

/**
 * A card's result, read on the canvas as it is: whole inside the canvas, and what the
 * page draws at its corners and middle is the result itself (no panel, overlay or other
 * card over it).
 */
async function expectResultInSight(page: Page, label: string, text: string | RegExp): Promise<Locator> {
  const result = node(page, label).getByTestId('node-result');
  await expect(result).toContainText(text);
  await expect
    .poll(
      async () => {
        const canvas = await page.getByTestId('editor-canvas').boundingBox();
        const box = await result.boundingBox();
        if (!canvas || !box) return 'not drawn';
        if (box.x < canvas.x || box.y < canvas.y || box.x + box.width > canvas.x + canvas.width || box.y + box.height > canvas.y + canvas.height)
          return 'outside the canvas';
        return result.evaluate((el, b) => {
          const points = [
            [b.x + 2, b.y + 2],
            [b.x + b.width - 2, b.y + 2],
            [b.x + 2, b.y + b.height - 2],
            [b.x + b.width - 2, b.y + b.height - 2],
            [b.x + b.width / 2, b.y + b.height / 2],
          ];
          const covered = points.filter(([x, y]) => !el.contains(document.elementFromPoint(x as number, y as number)));
          return covered.length === 0 ? 'in sight' : `covered at ${covered.length} points`;
        }, box);
      },
      { message: `the result of ${label} is in sight` },
    )
    .toBe('in sight');
  return result;
}

test('the five templates run at 1280×720 with their result on the canvas, no panning', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpViaApi(page, { displayName: 'Rita Results' });
  await page.setViewportSize({ width: 1280, height: 720 });
  const headers = { 'x-csrf-token': await csrfToken(page) };
  for (const [name, value] of [
    ['OPENAI_API_KEY', 'sk-results-test'],
    ['SLACK_WEBHOOK_URL', slack.webhook('#general')],
  ]) {
    expect((await page.request.post('/api/secrets', { headers, data: { name, value } })).status()).toBe(201);
  }

  // 1. Daily summary → Slack: the digest on the model's card, the post on Slack's.
  await useTemplate(page, 'Daily summary posted to Slack');
  await setParameter(page, 'feedUrl', `${siteUrl}/feed.xml`);
  await closePanels(page);
  await runTemplate(page);
  await expect.poll(() => slack.messages.length).toBe(1);
  await expectResultInSight(page, 'Write Digest', 'Weft 2.0 ships');
  await expectResultInSight(page, 'Post to Slack', 'ok: true');
  await shootThemes(page, 'template-results-daily-summary');

  // 2. Spreadsheet summarizer: the Output card shows the summary.
  await useTemplate(page, 'Spreadsheet summarizer');
  await uploadInNode(page, 'Spreadsheet', { name: 'sales.csv', mimeType: 'text/csv', text: 'month,revenue\nJan,100\nFeb,200\nMar,300\n' });
  await closePanels(page);
  await runTemplate(page);
  await expectResultInSight(page, 'Summary', 'March (300) is the outlier');
  await shootThemes(page, 'template-results-spreadsheet');

  // 3. Keyword alert: the condition's way and the alert sent.
  await useTemplate(page, 'Keyword alert notifier');
  // A parameter without a value is named on the card, marked, until it has one.
  const pageUrl = node(page, 'Load Page').getByTestId('node-summary');
  await expect(pageUrl).toHaveText('‹pageUrl›');
  await expect(pageUrl.locator('[data-param="pageUrl"]')).toHaveAttribute('title', 'Parameter pageUrl has no value yet: set it in Parameters');
  await shootThemes(page, 'template-results-keyword-setup');
  await setParameter(page, 'pageUrl', `${siteUrl}/page.html`);
  await setParameter(page, 'keyword', 'Pricing');
  await closePanels(page);
  // The cards read the parameters' values, not their placeholders.
  await expect(pageUrl).toHaveText(`${siteUrl}/page.html`);
  await runTemplate(page);
  await expect.poll(() => slack.messages.length).toBe(2);
  await expectResultInSight(page, 'Mentions Keyword?', /^Result: True/);
  await expectResultInSight(page, 'Send Alert', 'ok: true');
  await shootThemes(page, 'template-results-keyword-alert');

  // 4. Document Q&A: the Output card shows the answer with its source.
  await useTemplate(page, 'Document Q&A');
  await uploadInNode(page, 'Document', {
    name: 'handbook.md',
    mimeType: 'text/markdown',
    text: '# Staff handbook\n\nLeave is 25 days a year, booked in the HR portal.\n\nThe office opens at 8:00.\n',
  });
  await closePanels(page);
  await runTemplate(page, 'How many days of leave do I get?');
  await expectResultInSight(page, 'Answer', 'Leave is 25 days a year [1] (handbook.md).');
  await shootThemes(page, 'template-results-document-qa');

  // 5. Support agent: the Output card shows the agent's answer, found in the help articles.
  await useTemplate(page, 'Support agent');
  await uploadInNode(page, 'Help Articles', { name: 'help.md', mimeType: 'text/markdown', text: HELP_ARTICLES });
  await closePanels(page);
  await setParameter(page, 'orderApiUrl', siteUrl);
  await closePanels(page);
  await runTemplate(page, 'How long do I have to return an item?', 'Customer Message');
  await expectResultInSight(page, 'Answer', SUPPORT_ANSWERS.returns);
  await shootThemes(page, 'template-results-support-agent');
});
