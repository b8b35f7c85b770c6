import { ACCEPTED_UPLOADS_TEXT, type UploadType, uploadTypeForName } from '@weft/core';
import { ContentLimitError, DEFAULT_CONTENT_LIMITS } from '../content-work/content-limits.js';
import { checkJsonDepth } from '../content-work/json-depth.js';

/** Why an upload's type is refused; the route turns each into its status. */
export type UploadTypeProblem = 'unsupported_type' | 'type_mismatch' | 'not_utf8' | 'invalid_json' | 'too_complex';

/**
 * Checks that a text is JSON within the nesting limit, throwing a SyntaxError or a
 * ContentLimitError: the server's is the content workers' (ContentWork.checkJson), so a
 * large or deep upload never holds the event loop; `owner` is the uploading user.
 */
export type JsonCheck = (text: string, subject: string, owner?: string) => Promise<void>;

/** The check without content workers (tests of the upload rules alone): the same rules, here. */
export const checkJsonHere: JsonCheck = async (text, subject) => {
  checkJsonDepth(text, subject, DEFAULT_CONTENT_LIMITS);
  JSON.parse(text);
};

export type UploadTypeResult = { ok: true; type: UploadType } | { ok: false; problem: UploadTypeProblem; message: string };

/** What people call the formats file-type recognises and people upload by mistake. */
const SNIFFED_NAMES: Readonly<Record<string, string>> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  xlsx: 'an Excel workbook (.xlsx)',
  pptx: 'a PowerPoint presentation',
  cfb: 'an old-style Office file (.doc, .xls) or a password-protected one',
  zip: 'a ZIP archive',
  exe: 'a Windows program (.exe)',
  elf: 'a Linux program',
  png: 'a PNG image',
  jpg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  mp3: 'an MP3 audio file',
  mp4: 'an MP4 video',
  gz: 'a gzip archive',
};

/** Signatures that still mean text: an XHTML page begins with `<?xml`. */
const TEXT_SIGNATURES = new Set(['xml']);

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The accepted type of an upload, judged by its content as well as its name. The name's
 * extension says which type is claimed; the bytes must bear it out: PDF, Word and Excel by
 * their signature (file-type), text formats by being UTF-8 text with no binary signature
 * and no NUL bytes, JSON by parsing too (`checkJson`). So a program renamed `notes.txt`, or
 * text named `report.pdf`, is refused with what it really is.
 */
export async function checkUploadType(name: string, bytes: Uint8Array, checkJson: JsonCheck = checkJsonHere, owner?: string): Promise<UploadTypeResult> {
  const claimed = uploadTypeForName(name);
  if (!claimed) {
    const extension = /\.([^.]{1,20})$/.exec(name)?.[1];
    const what = extension ? `.${extension} files are not accepted` : 'the name has no extension to say its type';
    return refuse('unsupported_type', `"${name}" cannot be uploaded: ${what}. Weft accepts ${ACCEPTED_UPLOADS_TEXT}.`);
  }
  // file-type is imported with the first upload, not at start (bench/cold-start.bench.mjs).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (claimed.content === 'binary') {
    if (sniffed?.mime === claimed.mimeType) return { ok: true, type: claimed };
    const actually = sniffed ? describeSniffed(sniffed.ext) : looksLikeText(bytes) ? 'text' : `not ${article(claimed.label)}`;
    return mismatch(name, actually);
  }
  if (sniffed && !TEXT_SIGNATURES.has(sniffed.ext)) return mismatch(name, describeSniffed(sniffed.ext));
  const text = utf8Text(bytes);
  if (text === undefined) {
    return refuse(
      'not_utf8',
      `"${name}" is not UTF-8 text. Save it with UTF-8 encoding (in Excel: "CSV UTF-8") and upload it again. Weft accepts ${ACCEPTED_UPLOADS_TEXT}.`,
    );
  }
  if (claimed.content === 'json') {
    try {
      await checkJson(text, `"${name}"`, owner);
    } catch (error) {
      if (error instanceof SyntaxError) return refuse('invalid_json', `"${name}" is not valid JSON (${error.message}). Fix it, or upload it as .txt.`);
      if (error instanceof ContentLimitError) return refuse('too_complex', `${error.message}. Upload it as .txt to keep it as text.`);
      throw error;
    }
  }
  return { ok: true, type: claimed };
}

function refuse(problem: UploadTypeProblem, message: string): UploadTypeResult {
  return { ok: false, problem, message };
}

function mismatch(name: string, actually: string): UploadTypeResult {
  const extension = name.slice(name.lastIndexOf('.'));
  return refuse(
    'type_mismatch',
    `"${name}" ends in ${extension} but its content is ${actually}. Upload the original file, or rename it to match its content. Weft accepts ${ACCEPTED_UPLOADS_TEXT}.`,
  );
}

function describeSniffed(extension: string): string {
  return SNIFFED_NAMES[extension] ?? `a .${extension} file`;
}

function article(label: string): string {
  return /^[AEIOU]/i.test(label) ? `an ${label}` : `a ${label}`;
}

/** The text of UTF-8 bytes (a byte order mark dropped), or undefined when they are not UTF-8 text. */
function utf8Text(bytes: Uint8Array): string | undefined {
  // Text has no NUL bytes; binary data almost always does.
  if (bytes.includes(0)) return undefined;
  const start = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? UTF8_BOM.length : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    return undefined;
  }
}

function looksLikeText(bytes: Uint8Array): boolean {
  return bytes.byteLength > 0 && utf8Text(bytes) !== undefined;
}
