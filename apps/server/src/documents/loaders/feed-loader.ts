import { parseFeed } from '@rowanmanning/feed-parser';
import type { DocumentValue } from '@weft/core';
import type { DocumentFile, Feed, FeedEntry, FeedOptions } from '@weft/nodes';
import { type ContentLimits, count, overLimit, TextBudget } from '../../content-work/content-limits.js';
import { checkHtmlDepth } from '../../content-work/html-depth.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';
import { decodeFeedText, notAFeed } from './feed-sniff.js';
import { htmlText } from './html-loader.js';

type ParsedItem = ReturnType<typeof parseFeed>['items'][number];

/**
 * An RSS (0.9x, 1.0, 2.0) or Atom feed's entries as plain text, read with
 * @rowanmanning/feed-parser (fast-xml-parser underneath, entity expansion bounded). The
 * XML's nesting is measured first, as HTML's is; entries past the row limit and text past
 * the character limit are refused. Entries keep the feed's order: most feeds list the
 * newest first, and a ranked one (a front page) means its order.
 */
export async function readFeed(
  file: DocumentFile,
  { limits, text = 'summary' }: Omit<FeedOptions, 'signal'> & { readonly limits: ContentLimits },
): Promise<Feed> {
  const xml = await decodeFeedText(file);
  if (xml.trim() === '') throw new DocumentProblem(file.name, 'the feed is empty');
  checkHtmlDepth(xml, file.name, limits, { xml: true });
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch (error) {
    throw new DocumentProblem(file.name, notAFeed(xml, file.name, error));
  }
  const items = parsed.items;
  if (items.length > limits.maxRows) throw overLimit(file.name, 'maxRows', limits, `the feed has ${count(items.length)} entries`);
  const budget = new TextBudget(file.name, limits);
  const base = /^https?:\/\//i.test(file.name) ? file.name : undefined;
  const entries = items.map((item) => {
    const entry = toEntry(item, text, file.name, limits, base);
    budget.add(entry.title.length + entry.text.length);
    return entry;
  });
  return { title: plainText(parsed.title ?? '', file.name, limits), entries };
}

/**
 * A feed as the Document Loader gives it: one document per entry, its text headed by the
 * title, link and date (so Extract Text keeps each entry's parts together and apart from
 * the next), and these in metadata too, with `item` from 1. The same documents as Read
 * Feed's Documents output (packages/nodes/src/run/read-feed.ts, whose package a content
 * worker does not load: 26 MB; a test holds the two equal).
 */
export async function loadFeed(file: DocumentFile, { limits }: LoadOptions): Promise<DocumentValue[]> {
  const { entries } = await readFeed(file, { limits });
  if (entries.length === 0) throw new DocumentProblem(file.name, 'the feed has no entries');
  return entries.map((entry, index) => ({
    text: entryText(entry),
    metadata: {
      source: file.name,
      item: index + 1,
      ...(entry.title ? { title: entry.title } : {}),
      ...(entry.link ? { link: entry.link } : {}),
      ...(entry.date ? { date: entry.date } : {}),
      ...(entry.author ? { author: entry.author } : {}),
    },
  }));
}

/** Title, link and date on lines of their own, then the entry's text. */
function entryText(entry: FeedEntry): string {
  const head = [entry.title, entry.link ?? '', entry.date ? `${entry.date.slice(0, 10)} ${entry.date.slice(11, 16)} UTC` : ''].filter((line) => line !== '');
  return [head.join('\n'), entry.text].filter((part) => part !== '').join('\n\n');
}

function toEntry(item: ParsedItem, prefer: 'summary' | 'content', subject: string, limits: ContentLimits, base: string | undefined): FeedEntry {
  const summary = item.description ?? '';
  const content = item.content ?? '';
  const body = prefer === 'summary' ? summary || content : content || summary;
  const date = item.published ?? item.updated;
  const author = item.authors.find((a) => a.name || a.email);
  return {
    title: plainText(item.title ?? '', subject, limits),
    link: absolute(item.url, base),
    date: date ? date.toISOString() : null,
    author: author ? (author.name ?? author.email) : null,
    text: body === '' ? '' : htmlText(body, subject, limits),
  };
}

/** A title as text: Atom allows HTML in it, and a stray `&amp;lt;b&amp;gt;` should not reach a prompt. */
function plainText(value: string, subject: string, limits: ContentLimits): string {
  const trimmed = value.trim();
  return /<[a-z!/]/i.test(trimmed) ? htmlText(trimmed, subject, limits).replace(/\s+/g, ' ') : trimmed.replace(/\s+/g, ' ');
}

/** A link made absolute against the feed's own address when it is relative (the parser resolves against the channel's link first). */
function absolute(url: string | null, base: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}
