import { defineNode } from './define-node.js';

/** Turns an uploaded file or a web page into documents, the start of a RAG chain. */
export const documentLoaderNode = defineNode({
  type: 'rag.load',
  version: 1,
  title: 'Document Loader',
  category: 'RAG',
  description: 'Loads an uploaded file or a web page as documents.',
  inputs: [],
  outputs: [{ id: 'output', label: 'Documents', type: 'documents' }],
  config: [
    {
      kind: 'select',
      key: 'source',
      label: 'Source',
      default: 'file',
      options: [
        { value: 'file', label: 'Uploaded file' },
        { value: 'url', label: 'Web page' },
      ],
    },
    { kind: 'file', key: 'file', label: 'File', accept: '.txt,.md,.csv,.json,.html,.pdf', description: 'Used when Source is Uploaded file.' },
    { kind: 'text', key: 'url', label: 'URL', default: '', placeholder: 'https://example.com/handbook', description: 'Used when Source is Web page.' },
  ],
  preview: true,
  docs: `Emits **Documents**: each with its text and metadata (file name or URL, page number for PDFs, row number for CSV).

- **Uploaded file**: plain text, Markdown, CSV (one document per row), JSON, HTML (text only) and PDF.
- **Web page**: fetched once per run; scripts and styles are dropped. The same network rules as HTTP Request apply.

Connect it to a **Text Splitter** to index the documents, or straight to a text input: Weft inserts **Extract Text** for you.`,
});
