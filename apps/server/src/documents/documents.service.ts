import type { ChunkValue, DocumentValue } from '@weft/core';
import type { DocumentFile, DocumentService, ParseOptions, SplitOptions } from '@weft/nodes';
import { parseDocument } from './parse-document.js';

/**
 * The Document Loader's and Text Splitter's work, for NodeServices: the parsing libraries
 * live here in the server, so the node definitions the browser loads stay free of them.
 * Stateless: one instance serves every run.
 */
export class DocumentsService implements DocumentService {
  parse(file: DocumentFile, options: ParseOptions = {}): Promise<DocumentValue[]> {
    return parseDocument(file, options);
  }

  async split(documents: readonly DocumentValue[], options: SplitOptions): Promise<ChunkValue[]> {
    // Imported on first use, like the parsers: LangChain is some 25 MB a server may never need.
    const { splitDocuments } = await import('./split-documents.js');
    return splitDocuments(documents, options);
  }
}
