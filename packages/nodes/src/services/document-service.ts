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
}
