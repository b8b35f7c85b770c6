import type { FileSummary } from '@weft/core';
import { nameAccepted } from '../../components/files/upload-rules';

/**
 * The file field's value and its rules. The field holds the id of one of the user's
 * uploads (docs/API.md "Files"); the bytes stay on the server and the run reads them there.
 */

/** What an older editor stored: the file read as text into the workflow. Runs still read its text. */
export interface InlineFileValue {
  name: string;
  /** Bytes. */
  size: number;
  content: string;
}

export function isInlineFileValue(value: unknown): value is InlineFileValue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.size === 'number' && typeof v.content === 'string';
}

/** The upload id a field value holds: the id itself, or `{ id }` as the server also reads it. */
export function uploadIdOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'object' && value !== null) {
    const id = (value as Record<string, unknown>).id;
    if (typeof id === 'string' && id.trim() !== '') return id.trim();
  }
  return undefined;
}

/** The uploads a field offers: those whose names its `accept` list takes. */
export function filesForField(files: readonly FileSummary[], accept: string | undefined): FileSummary[] {
  return files.filter((file) => nameAccepted(file.name, accept));
}
