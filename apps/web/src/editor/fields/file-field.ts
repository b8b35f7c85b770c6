import type { FileSummary } from '@weft/core';
import { nameAccepted } from '../../components/files/upload-rules';

/**
 * The file field's value and its rules. The field holds the id of one of the user's
 * uploads (docs/API.md "Files"); the bytes stay on the server and the run reads them there.
 * Its value is read with core's `fileIdOf` and `inlineFileOf`, as the server and the nodes read it.
 */

/** The uploads a field offers: those whose names its `accept` list takes. */
export function filesForField(files: readonly FileSummary[], accept: string | undefined): FileSummary[] {
  return files.filter((file) => nameAccepted(file.name, accept));
}
