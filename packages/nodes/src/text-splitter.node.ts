import type { ConfigOf } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runTextSplitter, SPLIT_DEFAULTS } from './run/text-splitter.js';

/** The settings of Text Splitter; its `run` reads them typed as {@link TextSplitterConfig}. */
export const textSplitterConfig = defineConfig([
  { kind: 'number', key: 'chunkSize', label: 'Chunk size (characters)', min: 100, max: 20_000, step: 1, default: SPLIT_DEFAULTS.chunkSize },
  {
    kind: 'number',
    key: 'chunkOverlap',
    label: 'Overlap (characters)',
    min: 0,
    max: 5000,
    step: 1,
    default: SPLIT_DEFAULTS.chunkOverlap,
    description: 'Text repeated at the start of the next chunk, so a sentence cut in two is still found whole. Keep it below the chunk size.',
  },
  {
    kind: 'select',
    key: 'splitOn',
    label: 'Split on',
    default: SPLIT_DEFAULTS.splitOn,
    options: choices({ paragraphs: 'Paragraphs, then sentences', sentences: 'Sentences', characters: 'Exact character count' }),
  },
]);

export type TextSplitterConfig = ConfigOf<typeof textSplitterConfig>;

/**
 * Documents → chunks with the sizes the user chooses; the automatic Split Documents
 * converter does the same with the defaults.
 */
export const textSplitterNode = defineNode({
  type: 'rag.split',
  version: 1,
  title: 'Text Splitter',
  category: 'RAG',
  description: 'Splits documents into overlapping chunks ready for embedding.',
  inputs: [{ id: 'input', label: 'Documents', type: 'documents' }],
  outputs: [{ id: 'output', label: 'Chunks', type: 'chunks' }],
  config: textSplitterConfig,
  run: runTextSplitter,
  docs: `Cuts every document into **Chunks** of at most *Chunk size* characters, with up to *Overlap* characters of the previous chunk repeated at the start of the next, so a passage cut in two is still found whole.

- **Paragraphs, then sentences** keeps whole paragraphs together while they fit, then cuts at line breaks, then after sentences, then between words.
- **Sentences** keeps whole sentences together and ignores line breaks inside them: the better choice for text from PDFs, whose lines break mid-sentence.
- **Exact character count** cuts every *Chunk size* characters, wherever that falls.

Each chunk keeps its document's metadata (\`source\`, \`page\`, \`row\`, …) and gets \`chunk\`: its position in the output, from 0. Documents without text give no chunks. The overlap must be smaller than the chunk size.

Connecting **Documents** straight to a **Chunks** input inserts the **Split Documents** converter, which splits the same way with the defaults: ${SPLIT_DEFAULTS.chunkSize.toLocaleString('en')} characters, ${SPLIT_DEFAULTS.chunkOverlap} overlap, paragraphs then sentences. Place this node instead when you want other sizes.`,
});
