import type { DataType } from '../data-types.js';

/**
 * What travels on each port data type at run time. Nodes produce and accept these
 * shapes; converters turn one into another (SPEC.md section 5).
 */
export interface DocumentValue {
  /** The document's text. */
  readonly text: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface ChunkValue {
  readonly text: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** A retrieval hit: a chunk with its score (higher is closer). */
export interface ResultValue {
  readonly text: string;
  readonly score: number;
  /** Where the chunk came from (its metadata's `source`, e.g. a file name or URL), when known. */
  readonly source?: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** Retrieved passages formatted for a prompt, with where each came from. */
export interface ContextValue {
  readonly text: string;
  readonly sources: readonly string[];
}

/** A search request against a vector store. */
export interface QueryValue {
  readonly text: string;
}

export interface DataValues {
  text: string;
  documents: readonly DocumentValue[];
  chunks: readonly ChunkValue[];
  results: readonly ResultValue[];
  context: ContextValue;
  query: QueryValue;
  json: unknown;
  any: unknown;
  /** Never a value on an edge: a node lent to an Agent (tool-port.ts). */
  tool: never;
}

export type ValueOf<T extends DataType> = DataValues[T];
