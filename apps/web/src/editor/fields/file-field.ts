/** The file field's value and its size rule. */

/** Files are read as text into the config, so they travel inside the workflow document. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** What a file field stores in the node's config. */
export interface FileFieldValue {
  name: string;
  /** Bytes. */
  size: number;
  content: string;
}

export function isFileFieldValue(value: unknown): value is FileFieldValue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.size === 'number' && typeof v.content === 'string';
}

/** Why a file of this size is refused, or `null` when it fits. */
export function fileSizeProblem(name: string, size: number, max = MAX_FILE_BYTES): string | null {
  if (size <= max) return null;
  return `“${name}” is ${formatBytes(size)}; files up to ${formatBytes(max)} can be attached. For larger documents use a loader node.`;
}

/** 1536 → "1.5 KB"; binary units, because that is how the limit is counted. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
