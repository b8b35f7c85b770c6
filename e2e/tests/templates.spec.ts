import type { Page } from '@playwright/test';
import type { OpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import type { SlackPeer } from '../../apps/server/src/test-support/slack-peer.js';
import { csrfToken } from '../support/editor.js';
import { expect, SCREENSHOT_DIR, signUpViaApi, test } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';
import { runTemplate, startTemplatePeers, type TemplatePeers } from '../support/template-peers.js';
import { addSecretFromSetup, setParameter, setupItems, uploadInNode, useTemplateFromGallery } from '../support/template-setup.js';

/**
 * Four of the gallery templates as a new user meets them: "Use template" creates the workflow
 * (and its schedule, paused) and opens it; the setup bar lists what is missing and rings
 * those nodes; the user provides it from there (secrets in a dialog, a file in the node,
 * parameters in the Parameters panel) and the run succeeds against local peers: an
 * OpenAI-compatible model server (chat and embeddings, where the server's OPENAI_BASE_URL
 * points), a Slack-compatible server and an HTTP server for the feed and the page. The
 * fifth, the Support agent, has a spec of its own (support-agent-template.spec.ts).
 */

let peers: TemplatePeers;
let model: OpenAiPeer;
let slack: SlackPeer;
let siteUrl: string;

test.beforeAll(async () => {
  peers = await startTemplatePeers();
  ({ model, slack, siteUrl } = peers);
});

test.afterAll(async () => {
  await peers?.close();
});

const shoot = (page: Page, name: string) => shootThemes(page, `templates-${name}`, { dirs: [SCREENSHOT_DIR, '/tmp/'] });

/** Gallery → "Use template" (or the dashboard's "From template" menu): lands on the new, stored workflow. */
async function useTemplate(page: Page, name: string, from: 'gallery' | 'dashboard' = 'gallery'): Promise<string> {
  if (from === 'gallery') return useTemplateFromGallery(page, name);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'From template' }).click();
  await shoot(page, 'dashboard-menu');
  await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(/\/workflow\/[^/?]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('workflow-editor')).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

test('the four templates run end to end from "Use template"', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, { displayName: 'Tess Templates' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // 1. Daily summary → Slack: the model key and the Slack webhook are missing.
  const dailyId = await useTemplate(page, 'Daily summary posted to Slack');
  // One line however much is missing, with the first thing's action in it; the list on request.
  const bar = page.getByTestId('setup-checklist');
  await expect(bar.getByTestId('setup-next')).toHaveText('Add OPENAI_API_KEY');
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(41);
  await shoot(page, 'setup-folded');
  await expect(await setupItems(page)).toHaveText([
    /Add the secret OPENAI_API_KEY.*Used by Write Digest/,
    /Add the secret SLACK_WEBHOOK_URL.*Used by Post to Slack/,
    /Turn on the schedule Weekdays at 09:00.*Paused until the rest is set up/,
  ]);
  // The schedule waits for the rest: turning it on now would only make failing runs.
  await expect(bar.getByRole('button', { name: 'Turn on' })).toHaveCount(0);
  await expect(page.locator('.react-flow__node').filter({ hasText: 'Write Digest' }).locator('.weft-node-card')).toHaveCSS('border-top-color', /.+/);
  await shoot(page, 'setup');
  // Its schedule was created with it, paused until the user turns it on.
  const schedules = (await (await page.request.get(`/api/schedules?workflow_id=${encodeURIComponent(dailyId)}`)).json()) as {
    name: string;
    enabled: boolean;
    cron: string;
  }[];
  expect(schedules.map((s) => [s.name, s.enabled, s.cron])).toEqual([['Weekdays at 09:00', false, '0 9 * * 1-5']]);

  await addSecretFromSetup(page, 'OPENAI_API_KEY', 'sk-template-test');
  await addSecretFromSetup(page, 'SLACK_WEBHOOK_URL', slack.webhook('#general'));
  // What is left is the schedule: the bar says so, and turns it on.
  await expect(page.getByTestId('setup-checklist')).toContainText('Finish setting up: turn on its schedule so it runs by itself');
  await expect(await setupItems(page)).toHaveText([/Turn on the schedule Weekdays at 09:00.*once on, it runs this workflow by itself/]);
  await shoot(page, 'setup-schedule');
  await (await setupItems(page)).getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Turned on “Weekdays at 09:00”: it runs this workflow by itself from now on.')).toBeVisible();
  await expect(page.getByTestId('setup-checklist')).toBeHidden();
  const turnedOn = (await (await page.request.get(`/api/schedules?workflow_id=${encodeURIComponent(dailyId)}`)).json()) as { enabled: boolean }[];
  expect(turnedOn.map((s) => s.enabled)).toEqual([true]);
  // The feed is the user's own choice: here the local one instead of the default.
  await page.getByRole('button', { name: 'Global parameters' }).click();
  const feed = page.getByLabel('Value of parameter feedUrl');
  await feed.fill(`${siteUrl}/feed.xml`);
  await feed.blur();
  await runTemplate(page);
  await expect.poll(() => slack.messages.length).toBe(1);
  expect(slack.messages[0]?.text).toContain('*Daily digest*');
  expect(slack.messages[0]?.text).toContain('Weft 2.0 ships');
  expect(JSON.stringify(model.requests.at(-1)?.json)).toContain('https://example.com/weft-2');

  // 2. Spreadsheet summarizer: the key exists now, so only the file is missing.
  await useTemplate(page, 'Spreadsheet summarizer', 'dashboard');
  await expect(await setupItems(page)).toHaveText([/Choose a file for Spreadsheet/]);
  await uploadInNode(page, 'Spreadsheet', { name: 'sales.csv', mimeType: 'text/csv', text: 'month,revenue\nJan,100\nFeb,200\nMar,300\n' });
  await expect(page.getByTestId('setup-checklist')).toBeHidden();
  await runTemplate(page);
  await expect(page.getByTestId('logs-area')).toContainText('March (300) is the outlier');
  expect(JSON.stringify(model.requests.at(-1)?.json)).toContain('month: Mar');

  // 3. Keyword alert: the page and the keyword are the user's to give.
  const alertId = await useTemplate(page, 'Keyword alert notifier');
  await expect(await setupItems(page)).toHaveText([/Set the parameter pageUrl/, /Set the parameter keyword/, /Turn on the schedule/]);
  await setParameter(page, 'pageUrl', `${siteUrl}/page.html`);
  await page.getByLabel('Value of parameter keyword').fill('kangaroo');
  await page.getByLabel('Value of parameter keyword').blur();
  // Its schedule stays paused here: the bar keeps asking for it alone.
  await expect(await setupItems(page)).toHaveText([/Turn on the schedule/]);
  // Not on the page (script text is not page text): the run succeeds and no alert is sent.
  await runTemplate(page);
  expect(slack.messages).toHaveLength(1);
  await page.getByLabel('Value of parameter keyword').fill('Pricing');
  await page.getByLabel('Value of parameter keyword').blur();
  await runTemplate(page);
  await expect.poll(() => slack.messages.length).toBe(2);
  expect(slack.messages[1]?.text).toBe(`:bell: “Pricing” appeared on ${siteUrl}/page.html`);
  const alertSchedules = (await (await page.request.get(`/api/schedules?workflow_id=${encodeURIComponent(alertId)}`)).json()) as {
    id: string;
    intervalSeconds: number;
    enabled: boolean;
  }[];
  expect(alertSchedules.map((s) => [s.intervalSeconds, s.enabled])).toEqual([[900, false]]);
  // Deleted elsewhere meanwhile (another tab): Turn on says why.
  const gone = await page.request.delete(`/api/schedules/${alertSchedules[0]?.id}`, { headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(gone.status()).toBe(204);
  await (await setupItems(page)).getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Schedule not found')).toBeVisible();

  // 4. Document Q&A: upload the handbook, ask, and the answer cites it.
  await useTemplate(page, 'Document Q&A');
  await expect(await setupItems(page)).toHaveText([/Choose a file for Document/]);
  await uploadInNode(page, 'Document', {
    name: 'handbook.md',
    mimeType: 'text/markdown',
    text: '# Staff handbook\n\nLeave is 25 days a year, booked in the HR portal.\n\nThe office opens at 8:00.\n',
  });
  await runTemplate(page, 'How many days of leave do I get?');
  await expect(page.getByTestId('logs-area')).toContainText('Leave is 25 days a year [1] (handbook.md).');
  const embedded = model.requests.filter((r) => r.path === '/v1/embeddings');
  expect(embedded.length).toBeGreaterThanOrEqual(2);
  await shoot(page, 'document-qa-run');

  // Settings → Collections lists what Embed & Store made; deleting asks first.
  await page.goto('/settings#collections');
  const collections = page.getByRole('list', { name: 'Collections' });
  const stored = collections.getByRole('listitem').filter({ hasText: 'document-qa' });
  await expect(stored).toContainText(/\d+ chunks?/);
  await expect(stored).toContainText('text-embedding-3-small · 64 dimensions');
  await page.locator('section#collections').scrollIntoViewIfNeeded();
  await shoot(page, 'collections');
  await stored.getByRole('button', { name: 'Delete document-qa' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete "document-qa"?');
  await confirm.getByRole('button', { name: 'Delete collection' }).click();
  await expect(page.getByText('No collections yet. Run a workflow with an Embed & Store node to make one.')).toBeVisible();
  expect(((await (await page.request.get('/api/collections')).json()) as { collections: unknown[] }).collections).toEqual([]);
});
