import { fileIdOf, inlineFileOf, type NodeRunContext } from '@weft/core';
import type { NodeServices } from '../node-services.js';
import type { DocumentFile } from '../services/document-service.js';

/** Formats an older editor read into the config as text, which mangled their bytes. */
const BINARY_NAME = /\.(pdf|docx|xlsx)$/i;

/**
 * The file a `file` field points at, read through the host's file service. The field holds
 * an upload's id (core's `fileIdOf`); a workflow saved by an editor that read files into
 * the config as `{ name, content }` still loads its text.
 */
export async function readFileField(value: unknown, ctx: NodeRunContext<NodeServices>, label = 'File'): Promise<DocumentFile> {
  const id = fileIdOf(value);
  if (id) {
    const stored = await ctx.services.files.read(id);
    return { name: stored.name, mimeType: stored.mimeType, bytes: stored.bytes };
  }
  const inline = inlineFileOf(value);
  if (inline) {
    if (BINARY_NAME.test(inline.name)) throw new Error(`${inline.name} was attached by an older editor that kept only its text; upload it again`);
    return { name: inline.name, bytes: new TextEncoder().encode(inline.content) };
  }
  throw new Error(`${label} is required: choose a file to upload`);
}
