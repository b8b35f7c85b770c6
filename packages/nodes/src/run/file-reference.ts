import type { NodeRunContext } from '@weft/core';
import type { NodeServices } from '../node-services.js';
import type { DocumentFile } from '../services/document-service.js';

/** Formats an older editor read into the config as text, which mangled their bytes. */
const BINARY_NAME = /\.(pdf|docx|xlsx)$/i;

/**
 * The file a `file` field points at, read through the host's file service. The field holds
 * an upload's id (a string, or an object with `id` or `fileId`); a workflow saved by an
 * editor that read files into the config as `{ name, content }` still loads its text.
 */
export async function readFileField(value: unknown, ctx: NodeRunContext<NodeServices>, label = 'File'): Promise<DocumentFile> {
  const id = uploadId(value);
  if (id) {
    const stored = await ctx.services.files.read(id);
    return { name: stored.name, mimeType: stored.mimeType, bytes: stored.bytes };
  }
  if (isInlineFile(value)) {
    if (BINARY_NAME.test(value.name)) throw new Error(`${value.name} was attached by an older editor that kept only its text; upload it again`);
    return { name: value.name, bytes: new TextEncoder().encode(value.content) };
  }
  throw new Error(`${label} is required: choose a file to upload`);
}

function uploadId(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['id', 'fileId']) {
      const id = record[key];
      if (typeof id === 'string' && id.trim() !== '') return id.trim();
    }
  }
  return undefined;
}

function isInlineFile(value: unknown): value is { name: string; content: string } {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.name === 'string' && typeof record.content === 'string';
}
