/** Longest name kept, in characters (the column's limit). */
export const MAX_UPLOAD_NAME_LENGTH = 255;

/**
 * Control characters (Cc) and invisible format characters (Cf): a right-to-left override
 * makes `report\u202Etxt.exe` look like `reportexe.txt`, zero-width ones hide in names.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

/** Half of a UTF-16 pair without its other half: no encoding can write it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export type UploadNameResult = { ok: true; name: string } | { ok: false; message: string };

/**
 * The name an upload is stored under: the part after the last `/` or `\` (a browser or a
 * script may send a path), without unsafe characters, trimmed. It is only ever shown and
 * sent back as a download name; no file system sees it.
 */
export function cleanUploadName(raw: string | undefined): UploadNameResult {
  const base = (raw ?? '').split(/[/\\]/).at(-1) ?? '';
  const name = base.replace(UNSAFE_CHARACTERS, '').replace(LONE_SURROGATE, '\ufffd').trim();
  if (name === '' || name === '.' || name === '..') {
    return { ok: false, message: 'Give the file a name with its extension, e.g. POST /api/files?name=handbook.pdf' };
  }
  if (name.length > MAX_UPLOAD_NAME_LENGTH) {
    return { ok: false, message: `The file name is ${name.length} characters long; shorten it to ${MAX_UPLOAD_NAME_LENGTH} or fewer.` };
  }
  return { ok: true, name };
}
