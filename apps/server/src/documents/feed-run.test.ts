import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PeerServer, startPeerServer } from '../test-support/peer-server.js';
import { createWorkflow, edge, node, runAndWait, workflow } from '../test-support/run-fixtures.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Read Feed as a user runs it: a workflow through the API, the feed fetched from a local
 * site through the guarded HTTP service (private addresses allowed, as the test server
 * is told) and read in a content worker. Issue 22: a feed is items, not one glued page.
 */
const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Weft news</title>
<item><title>Weft ships schedules</title><link>https://example.com/schedules</link><pubDate>Thu, 26 Nov 2026 09:00:00 GMT</pubDate>
<description>&lt;p&gt;Workflows run by themselves.&lt;/p&gt;</description></item>
<item><title>Feeds read as items</title><link>https://example.com/feeds</link><pubDate>Wed, 25 Nov 2026 17:30:00 GMT</pubDate><description>One per entry.</description></item>
<item><title>Older news</title><link>https://example.com/older</link></item>
</channel></rss>`;

const BLOG = '<!doctype html><html><head><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head><body><h1>Blog</h1></body></html>';

describe('Read Feed in a run', () => {
  const weft = useTestWeft('sqlite');
  let site: PeerServer;
  beforeAll(async () => {
    site = await startPeerServer((request, res) => {
      if (request.path === '/feed.xml') {
        // Served as text/xml, as many sites do: the root element says it is a feed.
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(FEED);
      } else if (request.path === '/blog') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(BLOG);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
      }
    });
  });
  afterAll(() => site.close());

  async function runFeed(config: Record<string, unknown>, params: Record<string, string> = {}) {
    const user = await signUp(weft());
    const document = workflow('News', [node('feed', 'feed.read', config), node('out', 'output')], [edge('feed', 'out')], params);
    return runAndWait(weft(), user, await createWorkflow(weft(), user, document));
  }

  it('gives one item per entry with title, link, date and text, at most as many as asked, saying what it kept', async () => {
    const run = await runFeed({ url: '{{params.feedUrl}}', limit: 2 }, { feedUrl: `${site.origin}/feed.xml` });
    expect(run.error).toBeNull();
    expect(run.outputs.out).toEqual([
      {
        title: 'Weft ships schedules',
        link: 'https://example.com/schedules',
        date: '2026-11-26T09:00:00.000Z',
        author: null,
        text: 'Workflows run by themselves.',
      },
      { title: 'Feeds read as items', link: 'https://example.com/feeds', date: '2026-11-25T17:30:00.000Z', author: null, text: 'One per entry.' },
    ]);
    expect(run.nodes.feed?.logs.map((log) => log.message)).toEqual([
      `GET ${site.origin}/feed.xml → 200 (${new TextEncoder().encode(FEED).byteLength} B)`,
      'Weft news: 3 entries, the first 2 kept',
    ]);
    expect(site.requests.at(-1)?.headers.accept).toContain('application/rss+xml');
  });

  it('gives text a prompt reads, entry by entry, straight into an LLM-style text input', async () => {
    const run = await runFeed({ url: `${site.origin}/feed.xml`, outputAs: 'text' });
    expect(run.error).toBeNull();
    expect(run.outputs.out).toBe(
      [
        'Weft ships schedules\nhttps://example.com/schedules\n2026-11-26 09:00 UTC\n\nWorkflows run by themselves.',
        'Feeds read as items\nhttps://example.com/feeds\n2026-11-25 17:30 UTC\n\nOne per entry.',
        'Older news\nhttps://example.com/older',
      ].join('\n\n---\n\n'),
    );
  });

  it('gives the same documents as a Document Loader reading the feed as a web page', async () => {
    const url = `${site.origin}/feed.xml`;
    const user = await signUp(weft());
    const document = workflow(
      'Both ways',
      [node('feed', 'feed.read', { url, outputAs: 'documents' }), node('load', 'rag.load', { source: 'url', url }), node('a', 'output'), node('b', 'output')],
      [edge('feed', 'a'), edge('load', 'b')],
    );
    const run = await runAndWait(weft(), user, await createWorkflow(weft(), user, document));
    expect(run.error).toBeNull();
    const documents = run.outputs.a as { text: string; metadata: Record<string, unknown> }[];
    expect(documents).toHaveLength(3);
    expect(documents[0]).toEqual({
      text: 'Weft ships schedules\nhttps://example.com/schedules\n2026-11-26 09:00 UTC\n\nWorkflows run by themselves.',
      metadata: { source: url, item: 1, title: 'Weft ships schedules', link: 'https://example.com/schedules', date: '2026-11-26T09:00:00.000Z' },
    });
    expect(run.outputs.b).toEqual(documents);
  });

  it('fails saying what to do: a page instead of a feed (naming its feed), an error answer, a missing address', async () => {
    const page = await runFeed({ url: `${site.origin}/blog` });
    expect(page.status).toBe('error');
    expect(page.nodes.feed?.error).toBe(`${site.origin}/blog: this is a web page, not an RSS or Atom feed; the page names its feed: ${site.origin}/atom.xml`);
    const missing = await runFeed({ url: `${site.origin}/gone.xml` });
    expect(missing.nodes.feed?.error).toBe(`GET ${site.origin}/gone.xml answered 404: check the feed's address`);
    // An empty address is refused before the run starts, naming the field.
    const user = await signUp(weft());
    const id = await createWorkflow(
      weft(),
      user,
      workflow('No address', [node('feed', 'feed.read', { url: ' ' }), node('out', 'output')], [edge('feed', 'out')]),
    );
    const refused = await weft().app.inject({ method: 'POST', url: `/api/workflows/${id}/run?wait=true`, headers: user.headers, payload: { inputs: {} } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Node "feed" cannot run: Feed URL is required. Open its settings to fix it, then run again.');
  });
});
