/** An upload's description, without its bytes. */
export interface FileRecord {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size: number;
  /** SHA-256 of the content, hex. */
  readonly sha256: string;
  readonly createdAt: string;
}

/** An upload its owner deleted, as far as it is remembered. */
export interface DeletedFile {
  readonly id: string;
  readonly name: string;
  readonly deletedAt: string;
}

export interface FileWithContent extends FileRecord {
  readonly content: Uint8Array;
}

/**
 * Where uploads live (DESIGN.md: "uploads stored through one storage interface: in the
 * database by default, so that every worker sees them"). Every read and delete is scoped
 * by owner: another user's file is a missing one.
 *
 * Not promised: deduplication (the same bytes uploaded twice are two files), streaming
 * (a file is read and written whole), or a quota (the service checks sizes and usage).
 */
export interface FileStore {
  save(file: FileWithContent): Promise<void>;
  /** The owner's files, newest first, without their bytes. */
  list(userId: string): Promise<FileRecord[]>;
  find(userId: string, id: string): Promise<FileRecord | undefined>;
  read(userId: string, id: string): Promise<FileWithContent | undefined>;
  /**
   * False when the owner has no such file. The file's name is kept with `deletedAt`
   * (`findDeleted`), so a workflow that still names it can say which file is gone.
   */
  delete(userId: string, id: string, deletedAt: string): Promise<boolean>;
  /** What the owner's deleted file was called, and when it went; undefined for a file never theirs. */
  findDeleted(userId: string, id: string): Promise<DeletedFile | undefined>;
  /** How many files the owner keeps and their bytes together (the storage quota counts these). */
  usage(userId: string): Promise<{ count: number; bytes: number }>;
}
