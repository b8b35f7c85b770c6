import type { ChunkValue, DocumentValue } from '@weft/core';

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
 * space), its text crosses. Searching on from the last chunk's start keeps this linear;
 * any place the same characters stand gives the same text back.
 */
export class ChunkLocator {
  private readonly cursors: number[] = [];

  constructor(private readonly sources: readonly string[]) {}

  locate(from: number, text: string): LocatedChunk {
    const source = this.sources[from] ?? '';
    let start = source.indexOf(text, this.cursors[from] ?? 0);
    if (start < 0) start = source.indexOf(text);
    if (start >= 0) this.cursors[from] = start;
    return { from, text, start };
  }
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

export function unpackDocuments(packed: PackedDocuments, into: DocumentValue[]): void {
  const metadata = JSON.parse(packed.metadata) as DocumentValue['metadata'][];
  packed.texts.forEach((text, index) => {
    into.push({ text, metadata: metadata[index] ?? {} });
  });
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
