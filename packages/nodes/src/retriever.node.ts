import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { apiKeyField } from './model-fields.js';
import { runRetriever } from './run/retriever.js';

/** The settings of Retriever; its `run` reads them typed as {@link RetrieverConfig}. */
export const retrieverConfig = defineConfig([
  { kind: 'text', key: 'collection', label: 'Collection', required: true, default: 'default' },
  {
    kind: 'select',
    key: 'mode',
    label: 'Search by',
    default: 'hybrid',
    options: choices({ hybrid: 'Hybrid: meaning and keywords', vector: 'Meaning (vector similarity)', keyword: 'Keywords (BM25): no model, no key' }),
  },
  { kind: 'number', key: 'topK', label: 'Results', min: 1, max: 50, step: 1, default: 4, description: 'How many chunks to return, best first.' },
  {
    kind: 'number',
    key: 'minScore',
    label: 'Minimum score',
    min: 0,
    max: 1,
    step: 0.01,
    default: 0,
    description: 'Leave out chunks scoring below this (0 to 1; see the docs for what the score means in each mode).',
  },
  {
    kind: 'json',
    key: 'filter',
    label: 'Metadata filter',
    default: {},
    description: 'Only chunks whose metadata has these values, e.g. { "source": "handbook.pdf" }; a list means any of them.',
  },
  apiKeyField('For the collection’s embedding model (Meaning and Hybrid). Keyword search needs none.'),
]);

export type RetrieverConfig = ConfigOf<typeof retrieverConfig>;

/** Finds the chunks of a collection closest to a query. */
export const retrieverNode = defineNode({
  type: 'rag.retrieve',
  version: 1,
  title: 'Retriever',
  category: 'RAG',
  description: 'Finds the stored chunks that best match a query: by meaning, by keywords, or both.',
  inputs: [
    { id: 'input', label: 'Query', type: 'query', description: 'Text connects here through Text to Query.' },
    {
      id: 'after',
      label: 'After',
      type: 'any',
      optional: true,
      orderOnly: true,
      description: 'Connect Embed & Store here so retrieval waits for indexing in the same run. Its value is not used.',
    },
  ],
  outputs: [{ id: 'output', label: 'Results', type: 'results' }, TOOL_OUTPUT],
  config: retrieverConfig,
  toolUse: {
    description: 'Searches a document collection and returns the passages that best match, best first, each with its source.',
    arguments: [{ from: 'input', key: 'input', type: 'string', description: 'What to search for, in words.' }],
  },
  run: runRetriever,
  docs: `Finds the chunks of the **Collection** that best answer the **Query** and emits them as **Results**, best first, each with its text, score, source and metadata.

- **Hybrid** (default) runs both searches below and merges their rankings (reciprocal rank fusion), so a chunk that matches the meaning *and* the exact words comes first. Score: 1 for a chunk first in both lists, lower further down.
- **Meaning** embeds the query with the model the collection was stored with and ranks chunks by cosine similarity (score: the similarity, 1 for the same direction).
- **Keywords** ranks chunks by the query's words, stems included and common words such as "the" or "how" left out: BM25 on SQLite, PostgreSQL's full-text ranking there (score: relevance mapped to 0–1). It needs no model and no API key, so it works fully offline and on collections stored with no embedding model.

**Minimum score** drops results below it; **Metadata filter** keeps only chunks whose metadata matches every key given (\`{ "source": "handbook.pdf", "page": [1, 2] }\`). The **API key** is for the collection's embedding model, from your secrets.

Results feed an LLM through the automatic converters: **Format Context** (results → context) or **Results to Text** (results → text).`,
});
