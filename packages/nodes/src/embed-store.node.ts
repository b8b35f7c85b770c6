import { defineNode } from './define-node.js';

/** Embeds chunks and writes them to a named collection of the user's vector store. */
export const embedStoreNode = defineNode({
  type: 'rag.store',
  version: 1,
  title: 'Embed & Store',
  category: 'RAG',
  description: 'Embeds chunks and stores them in a collection for retrieval.',
  inputs: [{ id: 'input', label: 'Chunks', type: 'chunks' }],
  outputs: [{ id: 'output', label: 'Summary', type: 'json', description: '{ collection, stored } once the chunks are written.' }],
  config: [
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
      options: [
        { value: 'replace', label: 'Replace the collection' },
        { value: 'append', label: 'Add to the collection' },
      ],
    },
    {
      kind: 'select',
      key: 'provider',
      label: 'Embedding provider',
      default: 'openai',
      options: [
        { value: 'openai', label: 'OpenAI' },
        { value: 'openai-compatible', label: 'OpenAI-compatible (Ollama, vLLM, LM Studio, …)' },
      ],
    },
    { kind: 'text', key: 'baseUrl', label: 'Base URL', placeholder: 'http://localhost:11434/v1', description: 'Required for OpenAI-compatible servers.' },
    {
      kind: 'text',
      key: 'model',
      label: 'Embedding model',
      required: true,
      default: 'text-embedding-3-small',
      placeholder: 'text-embedding-3-small, nomic-embed-text',
    },
    { kind: 'secret', key: 'apiKey', label: 'API key', description: 'One of your secrets. Local servers without authentication need none.' },
  ],
  preview: true,
  docs: `Computes an embedding for every chunk and writes chunk, embedding and metadata into the **Collection**. Collections belong to you and are shared by all your workflows.

The collection remembers the provider and model it was built with, so a **Retriever** reading it embeds queries the same way. Changing the model needs *Replace the collection*.

Connect **Summary** to a Retriever's *After* input when indexing and asking happen in the same run, so the retriever waits for the store.`,
});
