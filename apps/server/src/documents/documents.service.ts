import type { ChunkValue, DocumentValue } from '@weft/core';
import type { DocumentFile, DocumentService, Feed, FeedOptions, ParseOptions, SplitOptions } from '@weft/nodes';
import type { ContentWork } from '../content-work/content-work.js';

/**
 * The Document Loader's and Text Splitter's work, for NodeServices: the parsing libraries
 * live in the server, so the node definitions the browser loads stay free of them, and
 * they run in content worker processes (content-work/), so no file can stall or sink the
 * server. One per run owner (`forOwner`): waiting work is shared round-robin between users.
 */
export class DocumentsService implements DocumentService {
  constructor(
    private readonly content: ContentWork,
    private readonly owner?: string,
  ) {}

  /** The service a run of `owner` uses. */
  forOwner(owner: string): DocumentsService {
    return new DocumentsService(this.content, owner);
  }

  parse(file: DocumentFile, options: ParseOptions = {}): Promise<DocumentValue[]> {
    return this.content.parseDocument(file, { ...options, owner: this.owner });
  }

  split(documents: readonly DocumentValue[], options: SplitOptions): Promise<ChunkValue[]> {
    return this.content.splitDocuments(documents, { ...options, owner: this.owner });
  }

  readFeed(file: DocumentFile, options: FeedOptions = {}): Promise<Feed> {
    return this.content.readFeed(file, { ...options, owner: this.owner });
  }
}
