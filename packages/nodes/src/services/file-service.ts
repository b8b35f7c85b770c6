// The files contract: the run owner's uploads, read by id.

/** One of the run owner's uploads, as a node reads it. */
export interface StoredFile {
  readonly id: string;
  /** The name it was uploaded with (never used as a path). */
  readonly name: string;
  /** Detected from the content at upload, e.g. application/pdf, text/csv. */
  readonly mimeType: string;
  readonly size: number;
  readonly bytes: Uint8Array;
}

export interface FileService {
  /**
   * Reads one of the run owner's uploads by id. Throws an Error a user can act on
   * ("File … was not found: upload it again") for a missing, deleted or another user's file.
   */
  read(fileId: string): Promise<StoredFile>;
}
