import type { ConfigOf } from '@weft/core';
import { UPLOAD_ACCEPT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { migrateDocumentLoaderConfig } from './document-loader-migration.js';
import { runDocumentLoader } from './run/document-loader.js';

/** The settings of Document Loader; its `run` reads them typed as {@link DocumentLoaderConfig}. */
export const documentLoaderConfig = defineConfig([
  { kind: 'select', key: 'source', label: 'Source', default: 'file', options: choices({ file: 'Uploaded file', url: 'Web page' }) },
  {
    kind: 'file',
    key: 'file',
    label: 'File',
    // The types uploads accept (core's list, which the server checks them against).
    accept: UPLOAD_ACCEPT,
    requiredWhen: { key: 'source', equals: 'file' },
    description: 'Used when Source is Uploaded file.',
  },
  {
    kind: 'text',
    key: 'url',
    label: 'URL',
    requiredWhen: { key: 'source', equals: 'url' },
    default: '',
    placeholder: 'https://example.com/handbook',
    description: 'Used when Source is Web page.',
  },
  {
    kind: 'text',
    key: 'sheet',
    label: 'Sheet',
    default: '',
    placeholder: 'Sheet1',
    description: 'For Excel files: the worksheet to read. Empty reads the first one.',
  },
]);

export type DocumentLoaderConfig = ConfigOf<typeof documentLoaderConfig>;

/** Turns an uploaded file or a web page into documents, the start of a RAG chain. */
export const documentLoaderNode = defineNode({
  type: 'rag.load',
  // 2: File holds the upload's id only (document-loader-migration.ts).
  version: 2,
  title: 'Document Loader',
  category: 'RAG',
  description: 'Loads an uploaded file or a web page as documents.',
  inputs: [],
  outputs: [{ id: 'output', label: 'Documents', type: 'documents' }],
  config: documentLoaderConfig,
  run: runDocumentLoader,
  migrate: migrateDocumentLoaderConfig,
  docs: `Emits **Documents**, each with its text and metadata: \`source\` (the file name or URL) and, depending on the format, \`page\`, \`row\`, \`sheet\` or \`item\`.

| Format | Documents |
|---|---|
| Plain text (.txt), Markdown (.md) | one, the whole text |
| HTML (.html) and web pages | one, the visible text (scripts, styles and images dropped; tables and lists kept as text) |
| RSS and Atom feeds (web pages whose content is a feed) | one per entry: its title, link and date on lines of their own, then its summary; \`title\`, \`link\`, \`date\`, \`author\` and \`item\` (from 1) in metadata. **Read Feed** gives the entries as JSON or text too |
| JSON (.json) | one per item of a list (\`item\` from 1), otherwise one for the whole file |
| CSV (.csv, .tsv) | one per row, as \`column: value\` lines; the first row is the header; \`row\` is the row number a spreadsheet shows (the header is row 1) |
| Excel (.xlsx) | one per row of the chosen *Sheet* (the first when empty), like CSV; \`sheet\` and \`row\` |
| PDF (.pdf) | one per page that has text, with \`page\` from 1 |
| Word (.docx) | one, the whole text |

- **Uploaded file**: upload a file in *File*, or pick one uploaded before (Settings → Files lists them); it is read each time the workflow runs.
- **Web page**: fetched on every run with a GET request; HTML, text and JSON answers are read, a PDF or other download is refused (upload it instead). The same network rules as HTTP Request apply: addresses on this machine or the private network are refused unless the operator allows them.
- A file that is empty, damaged, password-protected or not what its name says fails the node with a message naming the file and the problem, such as \`report.pdf: the PDF is password-protected\`. Scanned PDFs without a text layer fail too: they need OCR, which Weft does not do. Old .doc and .xls files are refused with a hint to save them as .docx or .xlsx.

Connect it to a **Text Splitter** to index the documents, or straight to a text input: Weft inserts **Extract Text** for you (the texts joined by blank lines).`,
});
