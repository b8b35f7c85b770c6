import { defineNode } from './define-node.js';

/** Finds the chunks of a collection closest to a query. */
export const retrieverNode = defineNode({
  type: 'rag.retrieve',
  version: 1,
  title: 'Retriever',
  category: 'RAG',
  description: 'Finds the stored chunks most similar to a query.',
  inputs: [
    { id: 'input', label: 'Query', type: 'query', description: 'Text connects here through Text to Query.' },
    {
      id: 'after',
      label: 'After',
      type: 'any',
      optional: true,
      description: 'Connect Embed & Store here so retrieval waits for indexing in the same run. Its value is not used.',
    },
  ],
  outputs: [{ id: 'output', label: 'Results', type: 'results' }],
  config: [
    { kind: 'text', key: 'collection', label: 'Collection', required: true, default: 'default' },
    { kind: 'number', key: 'topK', label: 'Results', min: 1, max: 50, step: 1, default: 4, description: 'How many chunks to return, best first.' },
    {
      kind: 'number',
      key: 'minScore',
      label: 'Minimum similarity',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0,
      description: 'Leave out chunks less similar than this (0 to 1).',
    },
  ],
  preview: true,
  docs: `Embeds the **Query** with the model its collection was stored with and emits the most similar chunks as **Results**, each with its text, metadata and similarity score.

Results feed an LLM through the automatic converters: **Format Context** (results → context) or **Results to Text** (results → text).`,
});
