import type { ChunkValue, DocumentValue } from '@weft/core';
import { batchesOf, isTextPiece, longText, MAX_CHARS, TextJoiner, type TextPiece } from './content-batches.js';

/**
 * Documents and chunks as they cross the IPC channel: texts as a list of strings, which
 * the V8 serializer copies at memory speed, and metadata as one JSON text, which the
 * server parses several times faster than it deserialises thousands of small objects.
 * Chunks carry no metadata and mostly no text: each names the document it came from and
 * where it stands in it, and the server, which sent those documents, cuts the text and
 * puts the metadata together (bench/README.md: the hop's cost).
 */
export interface PackedDocuments {
  readonly texts: readonly string[];
  /** JSON of the documents' metadata, in order. */
  readonly metadata: string;
}

export interface PackedChunks {
  /** For each chunk, the index of the text (document) it came from. */
  readonly from: readonly number[];
  /** Where each chunk starts and ends in that text; -1 for a chunk whose text is in `texts`. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** In order, the texts of the chunks that are not a piece of their document as sent (its `starts` is -1). */
  readonly texts: readonly string[];
}

/** A chunk as the worker has it: its text, and where that text stands in its document (-1: nowhere). */
export interface LocatedChunk {
  readonly from: number;
  readonly text: string;
  readonly start: number;
}

/**
 * Finds chunks in the texts they were split from. A chunk is a trimmed run of its
 * document's text (the splitter cuts and joins pieces in order), so it usually crosses back
 * as two numbers into the text the server already holds instead of as a second copy of the
 * document: for a file of thousands of records that was most of the hop's cost. Where a
 * chunk is not found as it is (its document held U+2029, which the split turns into a
 * space), its text crosses. Any place the same characters stand gives the same text back,
 * so the search looks only near the last chunk found: a document full of U+2029, whose
 * every chunk is missed, would otherwise be scanned to its end once per chunk.
 */
export class ChunkLocator {
  private from = -1;
  private cursor = 0;

  locate(from: number, text: string, source: string): LocatedChunk {
    if (from !== this.from) {
      this.from = from;
      this.cursor = 0;
    }
    // Chunks come in order, each starting within a few chunk lengths (overlap, the whitespace
    // trimmed between them, a chunk or two missed) of the last one found.
    const reach = 4 * text.length + SEARCH_SLACK;
    let start = indexWithin(source, text, this.cursor, this.cursor + reach);
    if (start < 0) start = indexWithin(source, text, Math.max(0, this.cursor - reach), this.cursor + reach);
    if (start >= 0) this.cursor = start;
    return { from, text, start };
  }
}

/** Characters of whitespace and missed chunks the search allows for beyond four chunk lengths. */
const SEARCH_SLACK = 4096;

/** Where `text` starts in `source` at or after `from`, ending by `to`; -1 when it does not. */
function indexWithin(source: string, text: string, from: number, to: number): number {
  const at = source.slice(from, Math.min(source.length, to)).indexOf(text);
  return at < 0 ? -1 : from + at;
}

export function packChunks(chunks: readonly LocatedChunk[]): PackedChunks {
  const from: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const texts: string[] = [];
  for (const chunk of chunks) {
    from.push(chunk.from);
    starts.push(chunk.start);
    ends.push(chunk.start < 0 ? -1 : chunk.start + chunk.text.length);
    if (chunk.start < 0) texts.push(chunk.text);
  }
  return { from, starts, ends, texts };
}

export function packDocuments(documents: readonly DocumentValue[]): PackedDocuments {
  return { texts: documents.map((document) => document.text), metadata: JSON.stringify(documents.map((document) => document.metadata)) };
}

/**
 * What a parse sends back, a message each: documents in batches (batchesOf), and a
 * document longer than a message as pieces of its text, then a batch of it alone with the
 * last part. A text over MAX_CHARS is always alone in its batch (batchesOf closes a batch
 * before and after it), so the pieces always belong to the batch's first text.
 */
export function* documentItems(documents: readonly DocumentValue[]): Generator<PackedDocuments | TextPiece> {
  for (const batch of batchesOf(documents)) {
    const first = batch[0] as DocumentValue;
    if (batch.length === 1 && first.text.length > MAX_CHARS) {
      const { pieces, last } = longText(first.text);
      yield* pieces;
      yield packDocuments([{ text: last, metadata: first.metadata }]);
    } else yield packDocuments(batch);
  }
}

/** The server's side of documentItems: documents as their messages arrive. */
export class DocumentUnpacker {
  readonly documents: DocumentValue[] = [];
  private readonly joiner = new TextJoiner();

  add(item: PackedDocuments | TextPiece): void {
    if (isTextPiece(item)) {
      this.joiner.add(item);
      return;
    }
    const metadata = JSON.parse(item.metadata) as DocumentValue['metadata'][];
    item.texts.forEach((text, index) => {
      this.documents.push({ text: index === 0 ? this.joiner.end(text) : text, metadata: metadata[index] ?? {} });
    });
  }
}

/** Chunks numbered on from `into`'s length, each with its document's metadata, as splitDocuments gives them. */
export function unpackChunks(packed: PackedChunks, documents: readonly DocumentValue[], into: ChunkValue[]): void {
  let spelledOut = 0;
  packed.from.forEach((from, index) => {
    const document = documents[from];
    const start = packed.starts[index] as number;
    const text = start < 0 ? (packed.texts[spelledOut++] as string) : (document?.text ?? '').slice(start, packed.ends[index]);
    into.push({ text, metadata: { ...document?.metadata, chunk: into.length } });
  });
}
