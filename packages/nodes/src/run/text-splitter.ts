import type { NodeRunArgs } from '../node-services.js';
import type { SplitOptions } from '../services/document-service.js';
import { ConfigReader } from './config-reader.js';
import { readDocuments } from './read-documents.js';

/** The Text Splitter's defaults, which the Split Documents converter also uses. */
export const SPLIT_DEFAULTS = { chunkSize: 1000, chunkOverlap: 200, splitOn: 'paragraphs' } as const satisfies SplitOptions;

const SPLIT_ON = ['paragraphs', 'sentences', 'characters'] as const;

/** Splits the incoming documents with the host's splitter and logs how many chunks came out. */
export async function runTextSplitter({ inputs, config, ctx }: NodeRunArgs) {
  const options = readSplitOptions(new ConfigReader(config));
  const documents = readDocuments(inputs.input);
  const chunks = await ctx.services.documents.split(documents, { ...options, signal: ctx.signal });
  ctx.log(
    `${plural(documents.length, 'document')} → ${plural(chunks.length, 'chunk')} of up to ${options.chunkSize} characters, ${options.chunkOverlap} overlap`,
  );
  return { outputs: { output: chunks } };
}

/** Size, overlap and boundary from the config, checked so a bad pair fails before any work. */
export function readSplitOptions(read: ConfigReader): SplitOptions {
  const chunkSize = read.number('chunkSize', SPLIT_DEFAULTS.chunkSize);
  const chunkOverlap = read.number('chunkOverlap', SPLIT_DEFAULTS.chunkOverlap);
  const splitOn = read.choice('splitOn', 'Split on', SPLIT_ON, SPLIT_DEFAULTS.splitOn);
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new Error(`Chunk size must be a whole number of characters, at least 1 (it is ${chunkSize})`);
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0) throw new Error(`Overlap must be a whole number of characters, 0 or more (it is ${chunkOverlap})`);
  if (chunkOverlap >= chunkSize)
    throw new Error(`Overlap (${chunkOverlap}) must be smaller than Chunk size (${chunkSize}): lower the overlap or raise the size`);
  return { chunkSize, chunkOverlap, splitOn };
}

export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}
