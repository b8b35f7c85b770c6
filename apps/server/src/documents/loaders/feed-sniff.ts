import type { DocumentFile } from '@weft/nodes';
import { Parser } from 'htmlparser2';
import { decodeText } from '../decode-text.js';

/** How much of a file the sniffing reads: a feed's root element comes after its prolog, which is short. */
const PROLOG_BYTES = 4096;

/** How much of a web page is searched for the feed it names: `<link rel="alternate">` sits in the head. */
const HEAD_CHARS = 64 * 1024;

/** `<?xml …?>`, comments, processing instructions and a DOCTYPE (its internal subset too), then whitespace. */
const PROLOG = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i;

/** The root elements of RSS 2.0 and 0.9x, Atom, and RSS 1.0 (RDF), with or without a prefix. */
const FEED_ROOT = /^<(?:[\w.-]+:)?(?:rss|feed|RDF)[\s>/]/;

/**
 * Whether the bytes are an RSS or Atom feed, by the root element after the XML prolog: how
 * a feed served as `text/xml` (or any type) is told from a web page. Reads the first 4 KB
 * only, as ASCII (the markup before the root is ASCII in every encoding feeds use).
 */
export function looksLikeFeed(bytes: Uint8Array): boolean {
  let start = bytes.subarray(0, PROLOG_BYTES);
  // UTF-8's byte order mark; UTF-16 feeds are rare enough to be read as text.
  if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) start = start.subarray(3);
  const head = new TextDecoder('latin1').decode(start);
  return FEED_ROOT.test(head.replace(PROLOG, ''));
}

/**
 * A feed's text: UTF-8 when it is valid UTF-8 (what the HTTP service hands over), else the
 * encoding its XML declaration names (`ISO-8859-1`, `windows-1251`…), else as any text file
 * is read (decode-text.ts: Windows-1252, binary refused).
 */
export async function decodeFeedText(file: DocumentFile): Promise<string> {
  const declared = /^\uFEFF?\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(new TextDecoder('latin1').decode(file.bytes.subarray(0, 256)))?.[1];
  if (declared && !file.bytes.subarray(0, PROLOG_BYTES).includes(0)) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      // Not UTF-8: the declared encoding, if this runtime knows it.
    }
    try {
      return new TextDecoder(declared).decode(file.bytes);
    } catch {
      // An encoding TextDecoder does not know: read it as any text file.
    }
  }
  return decodeText(file);
}

/**
 * Why a text that did not parse as a feed is not one, in words that say what to do: JSON
 * is for HTTP Request; a web page may name its feed (`<link rel="alternate"
 * type="application/rss+xml">`), which is then given, resolved against the page's address.
 */
export function notAFeed(text: string, name: string, error: unknown): string {
  const trimmed = text.trimStart();
  if (/^[[{]/.test(trimmed)) return 'this is JSON, not an RSS or Atom feed: read a JSON API with an HTTP Request node';
  if (/<html[\s>]|<!doctype html/i.test(trimmed.slice(0, 2048))) {
    const named = namedFeed(trimmed.slice(0, HEAD_CHARS), name);
    return named
      ? `this is a web page, not an RSS or Atom feed; the page names its feed: ${named}`
      : 'this is a web page, not an RSS or Atom feed: use the address of its feed (sites link it as RSS, Atom or Feed)';
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (/could not be parsed as a feed/i.test(reason)) return 'not an RSS or Atom feed: it has no <rss>, <feed> or <rdf:RDF> element';
  return `not an RSS or Atom feed: the XML could not be read (${reason})`;
}

/** The first feed a page's head links to, absolute; undefined when it names none. */
function namedFeed(html: string, pageUrl: string): string | undefined {
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (found || tag !== 'link') return;
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        if (!rel.includes('alternate') || !/^application\/(rss|atom)\+xml\b/i.test(attributes.type ?? '') || !attributes.href) return;
        try {
          found = new URL(attributes.href, /^https?:\/\//i.test(pageUrl) ? pageUrl : undefined).href;
        } catch {
          found = attributes.href;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
