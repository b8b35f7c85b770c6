import type { ConfigOf } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { apiKeyField, baseUrlField, OPENAI_COMPATIBLE_LABEL } from './model-fields.js';
import { runEmbedStore } from './run/embed-store.js';

/** The settings of Embed & Store; its `run` reads them typed as {@link EmbedStoreConfig}. */
export const embedStoreConfig = defineConfig([
  {
    kind: 'text',
    key: 'collection',
    label: 'Collection',
    required: true,
    default: 'default',
    description: 'Retrievers read from a collection by this name.',
  },
  {
    kind: 'select',
    key: 'mode',
    label: 'Existing content',
    default: 'replace',
    options: choices({ replace: 'Replace the collection', append: 'Add to the collection' }),
  },
  {
    kind: 'select',
    key: 'provider',
    label: 'Embedding provider',
    default: 'openai',
    options: choices({ openai: 'OpenAI', 'openai-compatible': OPENAI_COMPATIBLE_LABEL, none: 'None: keyword search only' }),
  },
  baseUrlField('Required for OpenAI-compatible servers.'),
  {
    kind: 'text',
    key: 'model',
    label: 'Embedding model',
    // Keyword-only collections (provider "none") embed nothing.
    requiredWhen: { key: 'provider', notEquals: 'none' },
    default: 'text-embedding-3-small',
    placeholder: 'text-embedding-3-small, nomic-embed-text',
  },
  apiKeyField(),
]);

export type EmbedStoreConfig = ConfigOf<typeof embedStoreConfig>;

/** Embeds chunks and writes them to a named collection of the user's vector store. */
export const embedStoreNode = defineNode({
  type: 'rag.store',
  version: 1,
  title: 'Embed & Store',
  category: 'RAG',
  description: 'Embeds chunks and stores them in a collection for retrieval.',
  inputs: [{ id: 'input', label: 'Chunks', type: 'chunks' }],
  outputs: [
    {
      id: 'output',
      label: 'Summary',
      type: 'json',
      description: '{ collection, added, unchanged, removed, total, dimensions } once the chunks are written.',
    },
  ],
  config: embedStoreConfig,
  run: runEmbedStore,
  docs: `Computes an embedding for every chunk and writes chunk, embedding and metadata into the **Collection**, in Weft's own database. Collections belong to you, are shared by all your workflows and are listed (and deleted) under Settings → Collections.

- **Replace the collection**: afterwards it holds exactly the incoming chunks. Chunks it already had are kept without being embedded again; the others are removed once the new ones are stored. An empty input fails rather than emptying the collection.
- **Add to the collection**: the chunks are added to what is there.

Either way a chunk already in the collection (same text from the same source) is neither stored nor embedded twice, so indexing the same documents again costs nothing. Embeddings are requested in batches, and each batch's token usage is recorded with the run; if a batch fails, what was stored stays and a second run embeds only the rest.

- **OpenAI** uses its public API with an **API key** from your secrets; **OpenAI-compatible** talks to any server with the OpenAI embeddings API (Ollama at \`http://localhost:11434/v1\` with \`nomic-embed-text\`, vLLM, LM Studio); set **Base URL**.
- **None** stores the chunks for keyword search only: no model, no key, nothing leaves your server.

The collection remembers the provider, base URL and model it was built with, so a **Retriever** embeds queries the same way. *Add to the collection* with another model fails; *Replace the collection* rebuilds it with the new one.

Connect **Summary** to a Retriever's *After* input when indexing and asking happen in the same run, so the retriever waits for the store.`,
});
