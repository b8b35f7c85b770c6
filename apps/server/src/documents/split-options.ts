import type { SplitOptions } from '@weft/nodes';

const SPLIT_ON: readonly SplitOptions['splitOn'][] = ['paragraphs', 'sentences', 'characters'];

/**
 * The sizes as the node's settings name them, refused with a message before any work
 * (here, with no splitter loaded, so the server can check them before handing work to a
 * content worker).
 */
export function checkSplitOptions({ chunkSize, chunkOverlap, splitOn }: SplitOptions): void {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new Error(`Chunk size must be a whole number of characters, at least 1 (it is ${chunkSize})`);
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0) throw new Error(`Overlap must be a whole number of characters, 0 or more (it is ${chunkOverlap})`);
  if (chunkOverlap >= chunkSize) throw new Error(`Overlap (${chunkOverlap}) must be smaller than Chunk size (${chunkSize})`);
  if (!SPLIT_ON.includes(splitOn)) throw new Error(`Split on "${String(splitOn)}" is not one of ${SPLIT_ON.join(', ')}`);
}

/** What a split is called in its errors: `12 documents: the chunks come to more than 50,000,000 characters (WEFT_CONTENT_MAX_CHARS)`. */
export function splitSubject(documents: number): string {
  return documents === 1 ? '1 document' : `${documents.toLocaleString('en')} documents`;
}
