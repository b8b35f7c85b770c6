import type { ChunkValue, DocumentValue } from '@weft/core';

// The documents contract: file parsing and splitting, whose formats live in the server.

/** A file to parse: an upload, or a fetched web page (then `name` is its URL). */
export interface DocumentFile {
  /** Names the file in metadata (`source`) and in errors; its extension says the format. */
  readonly name: string;
  /** Used when the name has no known extension (a web page's Content-Type). */
  readonly mimeType?: string;
  readonly bytes: Uint8Array;
}

export interface ParseOptions {
  /** The Excel worksheet to read; empty or absent reads the first. */
  readonly sheet?: string;
  readonly signal?: AbortSignal;
}

/** How the Text Splitter cuts: the most characters per chunk, the characters neighbours share, and where it prefers to cut. */
export interface SplitOptions {
  readonly chunkSize: number;
  readonly chunkOverlap: number;
  readonly splitOn: 'paragraphs' | 'sentences' | 'characters';
  readonly signal?: AbortSignal;
}

/** One entry of an RSS or Atom feed, as plain text. */
export interface FeedEntry {
  /** The entry's title as text ('' when it has none). */
  readonly title: string;
  /** Its link, absolute (resolved against the feed's address), or null. */
  readonly link: string | null;
  /** When it was published (else last updated), ISO 8601 in UTC, or null when the feed gives no date. */
  readonly date: string | null;
  /** Its author's name (or address), or null. */
  readonly author: string | null;
  /** The summary or the full content, HTML turned into text (scripts, styles and images dropped). */
  readonly text: string;
}

/** A feed's title and its entries, in the order the feed lists them (most list the newest first; a ranked one, a front page, by rank). */
export interface Feed {
  readonly title: string;
  readonly entries: readonly FeedEntry[];
}

export interface FeedOptions {
  /** Which text an entry gives: its summary (the default), or its full content; each falls back to the other. */
  readonly text?: 'summary' | 'content';
  readonly signal?: AbortSignal;
}

export interface DocumentService {
  /**
   * The documents in one file: the whole text for text, Markdown, HTML, JSON objects and
   * Word; one per row for CSV and Excel (metadata `row`, and `sheet`), one per item of a
   * JSON list (`item`), one per page with text for PDF (`page`). Metadata `source` is the
   * file's name. Throws an Error that starts with the file's name and says what is wrong
   * (empty, damaged, password-protected, not the format its name says, unsupported).
   */
  parse(file: DocumentFile, options?: ParseOptions): Promise<DocumentValue[]>;
  /**
   * Chunks of at most `chunkSize` characters, each with its document's metadata plus
   * `chunk`: its position in the returned list, from 0 (as the Split Documents converter
   * numbers them). Documents without text give no chunks.
   */
  split(documents: readonly DocumentValue[], options: SplitOptions): Promise<ChunkValue[]>;
  /**
   * The entries of an RSS (0.9x, 1.0, 2.0) or Atom feed. Throws an Error that starts with
   * the file's name (a feed's URL) when it is not a feed, saying what it is instead (a web
   * page, and the feed that page names if it names one).
   */
  readFeed(file: DocumentFile, options?: FeedOptions): Promise<Feed>;
}
