import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_LIMITS } from '../../content-work/content-limits.js';
import { utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';
import { readFeed } from './feed-loader.js';

const limits = DEFAULT_CONTENT_LIMITS;
const FEED_URL = 'https://news.example.com/feeds/all.xml';

/** RSS 2.0 as blogs write it: HTML summaries, full content in content:encoded, a relative link. */
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet href="/feed.xsl" type="text/xsl"?>
<!-- generated -->
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Weft news</title><link>https://news.example.com/</link>
<item>
  <title>Weft ships schedules</title><link>/posts/schedules</link>
  <pubDate>Thu, 26 Nov 2026 09:00:00 GMT</pubDate><dc:creator>Ada Lovelace</dc:creator>
  <description>&lt;p&gt;Workflows run &lt;b&gt;by themselves&lt;/b&gt; &amp;amp; on time.&lt;/p&gt;&lt;script&gt;track()&lt;/script&gt;</description>
  <content:encoded><![CDATA[<h2>Schedules</h2><p>Cron, intervals and one-off dates.</p><img src="x.png" alt="chart">]]></content:encoded>
</item>
<item><title>Rust 1.99 released</title><link>https://blog.example.org/rust</link></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Atom &amp;amp; Eve</title><link href="https://atom.example.com/"/>
<entry><title type="html">Release &lt;em&gt;3.0&lt;/em&gt;</title><link rel="alternate" href="https://atom.example.com/3"/>
<published>2026-11-27T08:00:00Z</published><updated>2026-11-27T10:30:00Z</updated>
<author><name>Bo</name></author><summary>Short note.</summary><content type="html">&lt;p&gt;The long story.&lt;/p&gt;</content></entry>
<entry><title>Only updated</title><link href="https://atom.example.com/4"/><updated>2026-11-28T06:15:00+01:00</updated></entry>
</feed>`;

const RDF = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Old school</title><link>https://rdf.example.com/</link></channel>
<item><title>RSS 1.0 lives</title><link>https://rdf.example.com/1</link><dc:date>2026-11-20T12:00:00Z</dc:date><description>Still here.</description></item>
</rdf:RDF>`;

describe('reading feeds', () => {
  it('reads RSS 2.0 entries as text: title, absolute link, date, author and the summary without markup', async () => {
    const feed = await readFeed({ name: FEED_URL, mimeType: 'application/rss+xml', bytes: utf8(RSS) }, { limits });
    expect(feed).toEqual({
      title: 'Weft news',
      entries: [
        {
          title: 'Weft ships schedules',
          link: 'https://news.example.com/posts/schedules',
          date: '2026-11-26T09:00:00.000Z',
          author: 'Ada Lovelace',
          text: 'Workflows run by themselves & on time.',
        },
        { title: 'Rust 1.99 released', link: 'https://blog.example.org/rust', date: null, author: null, text: '' },
      ],
    });
    const full = await readFeed({ name: FEED_URL, bytes: utf8(RSS) }, { limits, text: 'content' });
    expect(full.entries.map((entry) => entry.text)).toEqual(['Schedules\n\nCron, intervals and one-off dates.', '']);
  });

  it('reads Atom (HTML titles as text, published before updated) and RSS 1.0', async () => {
    const atom = await readFeed({ name: 'https://atom.example.com/feed', bytes: utf8(ATOM) }, { limits });
    expect(atom.title).toBe('Atom & Eve');
    expect(atom.entries).toEqual([
      { title: 'Release 3.0', link: 'https://atom.example.com/3', date: '2026-11-27T08:00:00.000Z', author: 'Bo', text: 'Short note.' },
      { title: 'Only updated', link: 'https://atom.example.com/4', date: '2026-11-28T05:15:00.000Z', author: null, text: '' },
    ]);
    expect((await readFeed({ name: 'https://atom.example.com/feed', bytes: utf8(ATOM) }, { limits, text: 'content' })).entries[0]?.text).toBe(
      'The long story.',
    );
    const rdf = await readFeed({ name: 'https://rdf.example.com/rss', bytes: utf8(RDF) }, { limits });
    expect(rdf.entries).toEqual([
      { title: 'RSS 1.0 lives', link: 'https://rdf.example.com/1', date: '2026-11-20T12:00:00.000Z', author: null, text: 'Still here.' },
    ]);
  });

  it('reads a feed in the encoding its declaration names when it is not UTF-8', async () => {
    const latin1 = `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\u00e9</title><item><title>Cr\u00e8me br\u00fbl\u00e9e</title></item></channel></rss>`;
    const bytes = Uint8Array.from(latin1, (character) => character.charCodeAt(0));
    const feed = await readFeed({ name: 'https://fr.example.com/rss', bytes }, { limits });
    expect(feed.title).toBe('Café');
    expect(feed.entries[0]?.title).toBe('Crème brûlée');
  });

  it('says what a text is when it is not a feed, with the feed a web page names', async () => {
    const page = `<!doctype html><html><head><title>Blog</title>
      <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml"></head><body><h1>Blog</h1></body></html>`;
    await expect(readFeed({ name: 'https://blog.example.com/', bytes: utf8(page) }, { limits })).rejects.toThrow(
      'https://blog.example.com/: this is a web page, not an RSS or Atom feed; the page names its feed: https://blog.example.com/feed.xml',
    );
    await expect(readFeed({ name: 'https://blog.example.com/about', bytes: utf8('<html><body><p>About us</p></body></html>') }, { limits })).rejects.toThrow(
      'https://blog.example.com/about: this is a web page, not an RSS or Atom feed: use the address of its feed (sites link it as RSS, Atom or Feed)',
    );
    await expect(readFeed({ name: 'https://api.example.com/items', bytes: utf8('[{"title":"x"}]') }, { limits })).rejects.toThrow(
      'https://api.example.com/items: this is JSON, not an RSS or Atom feed: read a JSON API with an HTTP Request node',
    );
    await expect(
      readFeed({ name: 'https://x.example.com/sitemap.xml', bytes: utf8('<?xml version="1.0"?><urlset><url/></urlset>') }, { limits }),
    ).rejects.toThrow('https://x.example.com/sitemap.xml: not an RSS or Atom feed: it has no <rss>, <feed> or <rdf:RDF> element');
    await expect(readFeed({ name: 'https://x.example.com/feed', bytes: utf8('   ') }, { limits })).rejects.toThrow(
      'https://x.example.com/feed: the feed is empty',
    );
  });

  it('refuses a feed past the entry, character and nesting limits, naming the setting', async () => {
    const items = (count: number, text = 'x') =>
      `<rss version="2.0"><channel>${'<item><title>t</title><description>'.concat(text, '</description></item>').repeat(count)}</channel></rss>`;
    await expect(readFeed({ name: 'big.xml', bytes: utf8(items(4)) }, { limits: { ...limits, maxRows: 3 } })).rejects.toThrow(
      'big.xml: the feed has 4 entries; the limit is 3 rows (WEFT_CONTENT_MAX_ROWS)',
    );
    await expect(readFeed({ name: 'long.xml', bytes: utf8(items(2, 'y'.repeat(600))) }, { limits: { ...limits, maxChars: 1000 } })).rejects.toThrow(
      'long.xml: the text is longer than 1,000 characters (WEFT_CONTENT_MAX_CHARS)',
    );
    const deep = `<rss version="2.0"><channel><item><title>${'<a>'.repeat(600)}${'</a>'.repeat(600)}</title></item></channel></rss>`;
    await expect(readFeed({ name: 'deep.xml', bytes: utf8(deep) }, { limits })).rejects.toThrow(
      'deep.xml: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)',
    );
  });

  it('does not let entities multiply a small feed into a large one', async () => {
    const laughs = Array.from({ length: 8 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY l0 "lol">${laughs}]><rss version="2.0"><channel><title>&l8;</title><item><title>&l8;</title></item></channel></rss>`;
    // 10^8 laughs if expanded: the parser's expansion bound refuses it (or leaves it unexpanded), quickly either way.
    const started = performance.now();
    const outcome = await readFeed({ name: 'laughs.xml', bytes: utf8(bomb) }, { limits }).then(
      (feed) => JSON.stringify(feed).length,
      (error: Error) => error.message,
    );
    expect(performance.now() - started).toBeLessThan(2000);
    if (typeof outcome === 'number') expect(outcome).toBeLessThan(1_000_000);
    else expect(outcome).toMatch(/^laughs\.xml: not an RSS or Atom feed: the XML could not be read \(.*(expan|entit).*\)$/i);
  });
});

describe('the Document Loader and feeds', () => {
  it('reads a feed served as a feed, as XML or as HTML into one document per entry, parts on lines of their own', async () => {
    for (const mimeType of ['application/rss+xml', 'text/xml; charset=utf-8', 'text/html']) {
      const documents = await parseDocument({ name: FEED_URL, mimeType, bytes: utf8(RSS) });
      expect(documents, mimeType).toEqual([
        {
          text: 'Weft ships schedules\nhttps://news.example.com/posts/schedules\n2026-11-26 09:00 UTC\n\nWorkflows run by themselves & on time.',
          metadata: {
            source: FEED_URL,
            item: 1,
            title: 'Weft ships schedules',
            link: 'https://news.example.com/posts/schedules',
            date: '2026-11-26T09:00:00.000Z',
            author: 'Ada Lovelace',
          },
        },
        {
          text: 'Rust 1.99 released\nhttps://blog.example.org/rust',
          metadata: { source: FEED_URL, item: 2, title: 'Rust 1.99 released', link: 'https://blog.example.org/rust' },
        },
      ]);
    }
  });

  it('leaves pages and uploads that are not feeds to their own readers', async () => {
    const page = await parseDocument({ name: 'https://example.com/', mimeType: 'text/html', bytes: utf8('<html><body><p>Plain page</p></body></html>') });
    expect(page).toEqual([{ text: 'Plain page', metadata: { source: 'https://example.com/' } }]);
    // An upload keeps the format its name gives: a feed saved as .txt is text.
    const upload = await parseDocument({ name: 'saved-feed.txt', mimeType: 'text/plain', bytes: utf8(RSS) });
    expect(upload).toHaveLength(1);
    expect(upload[0]?.text).toContain('<rss version="2.0"');
    await expect(
      parseDocument({ name: FEED_URL, mimeType: 'application/atom+xml', bytes: utf8('<feed xmlns="http://www.w3.org/2005/Atom"><title>Empty</title></feed>') }),
    ).rejects.toThrow(`${FEED_URL}: the feed has no entries`);
  });
});
