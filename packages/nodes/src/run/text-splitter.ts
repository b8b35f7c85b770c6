import type { NodeRunArgs } from '../node-services.js';
import type { SplitOptions } from '../services/document-service.js';
import type { TextSplitterConfig } from '../text-splitter.node.js';
import { readDocuments } from './read-documents.js';

/** The Text Splitter's defaults, which the Split Documents converter also uses. */
export const SPLIT_DEFAULTS = { chunkSize: 1000, chunkOverlap: 200, splitOn: 'paragraphs' } as const satisfies SplitOptions;

/** Splits the incoming documents with the host's splitter and logs how many chunks came out. */
export async function runTextSplitter({ inputs, config, ctx }: NodeRunArgs<TextSplitterConfig>) {
  const options = readSplitOptions(config);
  const documents = readDocuments(inputs.input);
  const chunks = await ctx.services.documents.split(documents, { ...options, signal: ctx.signal });
  ctx.log(
    `${plural(documents.length, 'document')} → ${plural(chunks.length, 'chunk')} of up to ${options.chunkSize} characters, ${options.chunkOverlap} overlap`,
  );
  return { outputs: { output: chunks } };
}

/** Size, overlap and boundary from the config, checked so a bad pair fails before any work. */
export function readSplitOptions({ chunkSize, chunkOverlap, splitOn }: TextSplitterConfig): SplitOptions {
  // Each is a whole number in its field's range (checked by the host); only the pair is checked here.
  if (chunkOverlap >= chunkSize)
    throw new Error(`Overlap (${chunkOverlap}) must be smaller than Chunk size (${chunkSize}): lower the overlap or raise the size`);
  return { chunkSize, chunkOverlap, splitOn };
}

export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}
