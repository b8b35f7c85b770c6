import { defineNode } from './define-node.js';

/**
 * Documents → chunks with the sizes the user chooses; the automatic Split Documents
 * converter does the same with defaults.
 */
export const textSplitterNode = defineNode({
  type: 'rag.split',
  version: 1,
  title: 'Text Splitter',
  category: 'RAG',
  description: 'Splits documents into overlapping chunks ready for embedding.',
  inputs: [{ id: 'input', label: 'Documents', type: 'documents' }],
  outputs: [{ id: 'output', label: 'Chunks', type: 'chunks' }],
  config: [
    { kind: 'number', key: 'chunkSize', label: 'Chunk size (characters)', min: 100, max: 20_000, step: 1, default: 1000 },
    {
      kind: 'number',
      key: 'chunkOverlap',
      label: 'Overlap (characters)',
      min: 0,
      max: 5000,
      step: 1,
      default: 200,
      description: 'Text repeated at the start of the next chunk, so a sentence cut in two is still found whole. Keep it below the chunk size.',
    },
    {
      kind: 'select',
      key: 'splitOn',
      label: 'Split on',
      default: 'paragraphs',
      options: [
        { value: 'paragraphs', label: 'Paragraphs, then sentences' },
        { value: 'sentences', label: 'Sentences' },
        { value: 'characters', label: 'Exact character count' },
      ],
    },
  ],
  preview: true,
  docs: `Cuts every document into **Chunks** of at most *Chunk size* characters, preferring paragraph and sentence boundaries, with *Overlap* characters shared between neighbours. Each chunk keeps its document's metadata plus its position.

The automatic **Split Documents** converter uses 1,000 characters with 200 overlap; place this node instead when you want other sizes.`,
});
