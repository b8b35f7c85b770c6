import { ACCEPTED_UPLOADS_TEXT, formatBytes, UPLOAD_ACCEPT, uploadTypeForName } from '@weft/core';

/**
 * Which files an upload takes, checked in the browser before anything is sent: by the
 * file field (its `accept` list) and by Settings → Files (every type the server takes).
 */

/** Lower-case extensions an `accept` list names (`.pdf,.md` → pdf, md); empty means every accepted upload. */
function acceptedExtensions(accept: string | undefined): string[] {
  return (accept || UPLOAD_ACCEPT)
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.startsWith('.'))
    .map((entry) => entry.slice(1));
}

/** Whether a file name ends in one of the extensions `accept` lists. */
export function nameAccepted(name: string, accept: string | undefined): boolean {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension !== undefined && acceptedExtensions(accept).includes(extension);
}

/**
 * Why a chosen file will not be sent, or `null`: checked in the browser first so a person
 * is not kept waiting for a refusal (the server checks again, by content too).
 */
export function uploadProblem(file: { name: string; size: number }, rules: { maxBytes?: number; accept?: string }): string | null {
  if (!nameAccepted(file.name, rules.accept)) {
    if (!rules.accept) return `“${file.name}” cannot be uploaded: Weft accepts ${ACCEPTED_UPLOADS_TEXT}.`;
    return `“${file.name}” cannot be used here: choose ${kindsText(rules.accept)} file.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes) {
    return `“${file.name}” is ${formatBytes(file.size)}; files up to ${formatBytes(rules.maxBytes)} can be uploaded.`;
  }
  return null;
}

/** "a PDF, Word document, text or CSV" for `.pdf,.docx,.txt,.md,.csv`: each accepted type once, by name. */
function kindsText(accept: string): string {
  const kinds: string[] = [];
  for (const extension of acceptedExtensions(accept)) {
    const type = uploadTypeForName(`file.${extension}`);
    const kind = type ? (type.label === 'Text' ? 'text' : type.label) : `.${extension}`;
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  const listed = kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`;
  return `${/^[AEIOU]/i.test(listed) ? 'an' : 'a'} ${listed}`;
}
