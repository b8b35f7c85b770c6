import { type DocumentValue, formatBytes } from '@weft/core';
import type { NodeRunArgs } from '../node-services.js';
import type { ReadFeedConfig } from '../read-feed.node.js';
import type { FeedEntry } from '../services/document-service.js';
import { byteLength } from './http-request.js';
import { fillPlaceholders } from './placeholders.js';

/** What a feed usually answers with; anything else is taken too, since many feeds are served as text/html or text/plain. */
const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/** Fetches the feed through the guarded HTTP service and has the host's document service read it (in a content worker). */
export async function runReadFeed({ config, ctx }: NodeRunArgs<ReadFeedConfig>) {
  const url = feedUrl(config.url, ctx.services.params);
  const response = await ctx.services.http.request({ method: 'GET', url, headers: { accept: FEED_ACCEPT } }, { signal: ctx.signal });
  ctx.log(`GET ${url} → ${response.status} (${formatBytes(byteLength(response.body))})`);
  if (response.status >= 400) throw new Error(`GET ${url} answered ${response.status}: check the feed's address`);
  if (response.body.trim() === '') throw new Error(`${url} answered with an empty body, not a feed`);
  const file = { name: url, mimeType: response.headers['content-type'] || 'application/xml', bytes: new TextEncoder().encode(response.body) };
  const feed = await ctx.services.documents.readFeed(file, { text: config.text, signal: ctx.signal });
  const entries = feed.entries.slice(0, config.limit);
  const kept = feed.entries.length > entries.length ? `, the first ${entries.length} kept` : '';
  ctx.log(`${feed.title || url}: ${countEntries(feed.entries.length)}${kept}`);
  return { outputs: { output: feedOutput(entries, config.outputAs, url) } };
}

/** The entries as *Output as* asks: the list itself, one text, or documents. */
export function feedOutput(entries: readonly FeedEntry[], outputAs: ReadFeedConfig['outputAs'], source: string): unknown {
  if (outputAs === 'text') return entries.map(feedEntryText).join('\n\n---\n\n');
  if (outputAs === 'documents') return feedDocuments(entries, source);
  return entries;
}

/** One document per entry, as Read Feed and the Document Loader give a feed. */
export function feedDocuments(entries: readonly FeedEntry[], source: string): DocumentValue[] {
  return entries.map((entry, index) => ({
    text: feedEntryText(entry),
    metadata: {
      source,
      item: index + 1,
      ...(entry.title ? { title: entry.title } : {}),
      ...(entry.link ? { link: entry.link } : {}),
      ...(entry.date ? { date: entry.date } : {}),
      ...(entry.author ? { author: entry.author } : {}),
    },
  }));
}

/** Title, link and date on lines of their own, then the entry's text: an entry as a reader (or a prompt) scans it. */
export function feedEntryText(entry: FeedEntry): string {
  const head = [entry.title, entry.link ?? '', entry.date ? readableDate(entry.date) : ''].filter((line) => line !== '');
  return [head.join('\n'), entry.text].filter((part) => part !== '').join('\n\n');
}

function countEntries(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'entry' : 'entries'}`;
}

/** `2026-11-26 09:00 UTC`: an ISO date as a person reads it. */
function readableDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function feedUrl(raw: string, params: Readonly<Record<string, unknown>>): string {
  const url = fillPlaceholders(raw.trim(), { input: undefined, params }, 'the Feed URL');
  if (url === '') throw new Error('Feed URL is required: enter the address of an RSS or Atom feed, such as https://example.com/feed.xml');
  if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`Feed URL "${url}" should start with http:// or https://`);
  return url;
}
