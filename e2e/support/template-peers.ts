import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { type ChatCompletionRequest, type OpenAiPeer, startOpenAiPeer } from '../../apps/server/src/test-support/openai-peer.js';
import { type SlackPeer, startSlackPeer } from '../../apps/server/src/test-support/slack-peer.js';
import { answerOrderLookup, supportAgentTurn } from '../../apps/server/src/test-support/support-shop.js';
import { OPENAI_PORT } from './constants.js';

/** A feed of two entries for the Daily summary template. */
const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
<item><title>Weft 2.0 ships</title><link>https://example.com/weft-2</link><description>Faster runs.</description></item>
<item><title>Rust 1.99 released</title><link>https://example.com/rust</link><description>A new edition.</description></item>
</channel></rss>`;
/** A page for the Keyword alert template; the word in its script must not count as page text. */
const PAGE = '<html><body><h1>Release notes</h1><p>Version 3 adds pricing for teams.</p><script>var hidden = "kangaroo";</script></body></html>';

/** What the gallery templates talk to, all on 127.0.0.1. */
export interface TemplatePeers {
  /** An OpenAI-compatible model server (chat and embeddings) at the port the e2e server's OPENAI_BASE_URL names. */
  model: OpenAiPeer;
  /** A Slack-compatible webhook server. */
  slack: SlackPeer;
  /** An HTTP site serving `/feed.xml`, `/page.html` and the shop's order API (`/orders/<id>`, support-shop.ts). */
  siteUrl: string;
  /** The order API's paths asked for, in order. */
  orderLookups: readonly string[];
  close(): Promise<void>;
}

/** The model's fixed reply to each template's prompt: a cited answer for Document Q&A, a spreadsheet summary, a digest. */
function reply(request: ChatCompletionRequest): string {
  const prompt = JSON.stringify(request.messages);
  const source = /\(source: ([^)\\]+)\)/.exec(prompt)?.[1];
  if (source) return `Leave is 25 days a year [1] (${source}).`;
  if (prompt.includes('row of a spreadsheet')) return 'Revenue totals 600 over three months; March (300) is the outlier.';
  return '• *Weft 2.0 ships*: faster runs for everyone.';
}

/**
 * The peers of the templates' stories: the model answers each template's prompt (an
 * Agent's, which offers tools, as the Support agent's scripted model), Slack takes posts,
 * the site serves the feed, the page and the orders.
 */
export async function startTemplatePeers(): Promise<TemplatePeers> {
  const model = await startOpenAiPeer({
    port: OPENAI_PORT,
    turn: (request) => (request.tools?.length ? supportAgentTurn(request) : { text: reply(request) }),
  });
  const orderLookups: string[] = [];
  const slack = await startSlackPeer();
  const site = http.createServer((req, res) => {
    if (answerOrderLookup(req, res, orderLookups)) return;
    const body = req.url === '/feed.xml' ? FEED : req.url === '/page.html' ? PAGE : null;
    res.writeHead(body ? 200 : 404, { 'content-type': req.url === '/feed.xml' ? 'application/rss+xml' : 'text/html' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  return {
    model,
    slack,
    siteUrl,
    orderLookups,
    close: async () => {
      await Promise.all([model.close(), slack.close(), new Promise((resolve) => site.close(resolve))]);
    },
  };
}

/**
 * Runs the open template from the toolbar, answering the Run inputs dialog's field
 * (`inputLabel`: Document Q&A's Question, the Support agent's Customer Message) when it
 * asks one, and waits for the run to succeed.
 */
export async function runTemplate(page: Page, question?: string, inputLabel = 'Question'): Promise<void> {
  await page.getByTestId('run-button').click();
  if (question !== undefined) {
    const dialog = page.getByRole('dialog', { name: 'Run inputs' });
    await dialog.getByLabel(inputLabel).fill(question);
    await dialog.getByRole('button', { name: 'Run' }).click();
  }
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
}
