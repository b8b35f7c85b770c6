import type { ChunkValue, DocumentValue } from '@weft/core';

/**
 * Documents and chunks as they cross the IPC channel: texts as a list of strings, which
 * the V8 serializer copies at memory speed, and metadata as one JSON text, which the
 * server parses several times faster than it deserialises thousands of small objects.
 * Chunks carry no metadata at all: each names the document it came from, and the server,
 * which sent those documents, puts the metadata together (bench/README.md: the hop's cost).
 */
export interface PackedDocuments {
  readonly texts: readonly string[];
  /** JSON of the documents' metadata, in order. */
  readonly metadata: string;
}

export interface PackedChunks {
  /** For each chunk, the index of the text (document) it came from. */
  readonly from: readonly number[];
  readonly texts: readonly string[];
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
  packed.texts.forEach((text, index) => {
    const metadata = documents[packed.from[index] as number]?.metadata;
    into.push({ text, metadata: { ...metadata, chunk: into.length } });
  });
}
