import { createHash } from 'node:crypto';
import type { FileSummary, FileUser, NodeDefinition } from '@weft/core';
import type { FileService, StoredFile } from '@weft/nodes';
import type { Clock } from '../platform/clock.js';
import { newId } from '../platform/tokens.js';
import type { FileRecord, FileStore } from './file-store.js';
import { fileFieldsByType, fileUsers, type WorkflowSource } from './file-usage.js';
import { cleanUploadName } from './upload-name.js';
import { checkUploadType, type JsonCheck, type UploadTypeProblem } from './upload-type.js';

export type UploadProblem = 'invalid_name' | 'empty' | 'too_large' | 'over_quota' | UploadTypeProblem;

export type UploadResult = { ok: true; file: FileSummary } | { ok: false; problem: UploadProblem; message: string };

export interface FilesServiceOptions {
  store: FileStore;
  clock: Clock;
  /** WEFT_UPLOAD_MAX_MB in bytes. */
  maxBytes: number;
  /** The node types whose `file` fields say which workflows use a file (the built-ins). */
  definitions: readonly NodeDefinition[];
  /** The owner's workflows, for "used by". */
  workflowsOf(userId: string): Promise<readonly WorkflowSource[]>;
  /** Gives a deleted file's disk space back (SQLite's incremental vacuum). */
  reclaimSpace?: () => Promise<void>;
  /** Bytes one user's files may take together (WEFT_FILES_QUOTA_MB); 0 or absent: no quota. */
  quotaBytes?: number;
  /** How a .json upload is checked (the content workers' check); by default here, the same rules. */
  checkJson?: JsonCheck;
}

/** "1 MB", "25 MB": the limit as the setting is written. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The message of the 413: the limit, and what to do. */
export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than the upload limit of ${megabytes(maxBytes)}. Upload a smaller file, or ask whoever runs this Weft to raise WEFT_UPLOAD_MAX_MB.`;
}

/** The refusal at the storage quota: the quota, its setting, the usage, and what to do. */
export function overQuotaMessage(size: number, used: number, quota: number): string {
  return `This upload (${megabytes(size)}) would take your files to ${megabytes(used + size)}, over your storage quota of ${megabytes(quota)} (WEFT_FILES_QUOTA_MB); you use ${megabytes(used)}. Delete files you no longer need in Settings → Files, or ask whoever runs this Weft to raise the quota.`;
}

/** A run's error for a file its owner deleted: the file by its name, and what to do. */
export function deletedFileMessage(name: string): string {
  return `The uploaded file "${name}" was deleted from your files. Choose or upload it again in the node's File field.`;
}

/**
 * Each user's uploads (docs/API.md "Files"): checked on the way in (size, name, type by
 * content), listed with the workflows that use them, read back by their owner only, and
 * read by that owner's runs through `forRunOwner`.
 */
export class FilesService {
  private readonly fileFields: ReturnType<typeof fileFieldsByType>;

  constructor(private readonly options: FilesServiceOptions) {
    this.fileFields = fileFieldsByType(options.definitions);
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  /** The user's files and their bytes together. */
  usage(userId: string): Promise<{ count: number; bytes: number }> {
    return this.options.store.usage(userId);
  }

  /**
   * Why `size` more bytes would not fit the user's quota, or undefined when they fit (or
   * there is none). Checked before the upload is read (its declared length) and again before
   * it is stored; uploads racing each other can pass the quota by what they carry together.
   */
  async overQuota(userId: string, size: number): Promise<string | undefined> {
    const quota = this.options.quotaBytes ?? 0;
    if (quota <= 0) return undefined;
    const { bytes } = await this.options.store.usage(userId);
    return bytes + size > quota ? overQuotaMessage(size, bytes, quota) : undefined;
  }

  async upload(userId: string, rawName: string | undefined, bytes: Uint8Array): Promise<UploadResult> {
    const named = cleanUploadName(rawName);
    if (!named.ok) return { ok: false, problem: 'invalid_name', message: named.message };
    const { name } = named;
    if (bytes.byteLength > this.options.maxBytes) return { ok: false, problem: 'too_large', message: tooLargeMessage(this.options.maxBytes) };
    if (bytes.byteLength === 0) return { ok: false, problem: 'empty', message: `"${name}" is empty: there is nothing to upload.` };
    const overQuota = await this.overQuota(userId, bytes.byteLength);
    if (overQuota) return { ok: false, problem: 'over_quota', message: overQuota };
    const checked = await checkUploadType(name, bytes, this.options.checkJson, userId);
    if (!checked.ok) return checked;
    const record: FileRecord = {
      id: newId(),
      userId,
      name,
      mimeType: checked.type.mimeType,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdAt: this.options.clock.now().toISOString(),
    };
    await this.options.store.save({ ...record, content: bytes });
    return { ok: true, file: toSummary(record, []) };
  }

  async list(userId: string): Promise<FileSummary[]> {
    const [records, users] = await Promise.all([this.options.store.list(userId), this.usersOf(userId)]);
    return records.map((record) => toSummary(record, users.get(record.id) ?? []));
  }

  async get(userId: string, id: string): Promise<FileSummary | undefined> {
    const record = await this.options.store.find(userId, id);
    if (!record) return undefined;
    return toSummary(record, (await this.usersOf(userId)).get(id) ?? []);
  }

  /** The file and its bytes, for its owner's download. */
  async content(userId: string, id: string): Promise<{ name: string; size: number; bytes: Uint8Array } | undefined> {
    const file = await this.options.store.read(userId, id);
    return file ? { name: file.name, size: file.size, bytes: file.content } : undefined;
  }

  /**
   * Deletes the file even when workflows use it (the Settings page names them before
   * asking); their nodes then fail saying the file is gone, until another is chosen.
   */
  async delete(userId: string, id: string): Promise<boolean> {
    const deleted = await this.options.store.delete(userId, id, this.options.clock.now().toISOString());
    if (deleted) await this.options.reclaimSpace?.();
    return deleted;
  }

  /**
   * The `files` node service of one run: reads the run owner's uploads, nobody else's. A
   * file the owner deleted is named in the error; one never theirs is not described at all.
   */
  forRunOwner(userId: string): FileService {
    return {
      read: async (fileId): Promise<StoredFile> => {
        const file = await this.options.store.read(userId, fileId);
        if (!file) throw new Error(await this.missingFileMessage(userId, fileId));
        return { id: file.id, name: file.name, mimeType: file.mimeType, size: file.size, bytes: file.content };
      },
    };
  }

  private async missingFileMessage(userId: string, fileId: string): Promise<string> {
    const deleted = await this.options.store.findDeleted(userId, fileId);
    if (deleted) return deletedFileMessage(deleted.name);
    return `The chosen file was not found: it was deleted, or belongs to another account (file id ${fileId}). Choose or upload the file again in the node's File field.`;
  }

  private async usersOf(userId: string): Promise<Map<string, FileUser[]>> {
    return fileUsers(await this.options.workflowsOf(userId), this.fileFields);
  }
}

function toSummary(record: FileRecord, usedBy: FileUser[]): FileSummary {
  return { id: record.id, name: record.name, mimeType: record.mimeType, size: record.size, sha256: record.sha256, createdAt: record.createdAt, usedBy };
}
