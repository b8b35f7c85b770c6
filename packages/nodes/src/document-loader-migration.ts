import { currentFileValue } from '@weft/core';

/**
 * Document Loader's config from an older node version, as version 2 expects it. Version 2
 * stores *File* in core's one shape (`FileFieldValue`, the upload's id): a version-1
 * node's `{ id }`, `{ fileId }` or padded id becomes the bare id. An older editor's inline
 * `{ name, content }` is no upload, so it stays and runs still read its text. Pure: the
 * stored config is not changed.
 */
export function migrateDocumentLoaderConfig(config: Readonly<Record<string, unknown>>, fromVersion: number): Record<string, unknown> {
  if (fromVersion >= 2 || config.file === undefined) return { ...config };
  return { ...config, file: currentFileValue(config.file) };
}
