/**
 * What a `file` config field holds, read one way by core's config check, the nodes' run,
 * the server's file usage and the editor's file field.
 *
 * The current shape is the upload's id, a string: what the editor stores. Older workflows
 * may hold `{ id }` or `{ fileId }` (what the API took), which Document Loader v2's
 * `migrate` turns into the id, or `{ name, content }`: a text an editor before uploads
 * read into the workflow. That one is no upload and a pure migration cannot make it one,
 * so it stays as it is and runs still read its text.
 */

/** A `file` field's value: the id of one of the user's uploads. */
export type FileFieldValue = string;

/** A file an older editor kept inside the workflow as its text (`size` in bytes when it noted it). */
export interface InlineFileValue {
  readonly name: string;
  readonly content: string;
  readonly size?: number;
}

/**
 * The upload id a `file` field's value holds, trimmed: the id itself, or the `id` or
 * `fileId` of an object from before the value was only the id. Undefined for no id (blank,
 * an inline file, anything else).
 */
export function fileIdOf(value: unknown): FileFieldValue | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (!isRecord(value)) return undefined;
  for (const key of ['id', 'fileId']) {
    const id = value[key];
    if (typeof id === 'string' && id.trim() !== '') return id.trim();
  }
  return undefined;
}

/** The inline file an older editor stored, when the value is one and holds no upload id. */
export function inlineFileOf(value: unknown): InlineFileValue | undefined {
  if (!isRecord(value) || fileIdOf(value) !== undefined) return undefined;
  return typeof value.name === 'string' && typeof value.content === 'string' ? (value as unknown as InlineFileValue) : undefined;
}

/**
 * A stored `file` value in the current shape: the upload id for any spelling of one, an
 * inline file as it is, anything else (blank, a number…) as it is too, for the config
 * check to report. Pure: never changes its argument.
 */
export function currentFileValue(value: unknown): unknown {
  return fileIdOf(value) ?? value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
