/**
 * The upload shapes of the HTTP API (docs/API.md "Files") and the file types Weft accepts,
 * shared by the server that checks uploads and the web app that offers them, so both name
 * the same types.
 */

/** How an upload's content is checked: a binary signature, UTF-8 text, or UTF-8 text that parses as JSON. */
export type UploadContent = 'binary' | 'text' | 'json';

/** One kind of file Weft takes. */
export interface UploadType {
  /** What people call it: "PDF", "Word document". */
  readonly label: string;
  /** Name endings, lower case, without the dot; the first is the usual one. */
  readonly extensions: readonly string[];
  /** The type stored with the file (and told to nodes). */
  readonly mimeType: string;
  readonly content: UploadContent;
}

export const UPLOAD_TYPES: readonly UploadType[] = [
  { label: 'PDF', extensions: ['pdf'], mimeType: 'application/pdf', content: 'binary' },
  { label: 'Word document', extensions: ['docx'], mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: 'binary' },
  { label: 'Excel workbook', extensions: ['xlsx'], mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: 'binary' },
  { label: 'Text', extensions: ['txt'], mimeType: 'text/plain', content: 'text' },
  { label: 'Markdown', extensions: ['md', 'markdown'], mimeType: 'text/markdown', content: 'text' },
  { label: 'CSV', extensions: ['csv'], mimeType: 'text/csv', content: 'text' },
  { label: 'TSV', extensions: ['tsv'], mimeType: 'text/tab-separated-values', content: 'text' },
  { label: 'JSON', extensions: ['json'], mimeType: 'application/json', content: 'json' },
  { label: 'HTML', extensions: ['html', 'htm'], mimeType: 'text/html', content: 'text' },
];

/** For a file input's `accept`: `.pdf,.docx,…`. */
export const UPLOAD_ACCEPT = UPLOAD_TYPES.flatMap((type) => type.extensions.map((extension) => `.${extension}`)).join(',');

/** For messages: "PDF (.pdf), Word document (.docx), … and HTML (.html, .htm)". */
export const ACCEPTED_UPLOADS_TEXT = (() => {
  const parts = UPLOAD_TYPES.map((type) => `${type.label} (${type.extensions.map((extension) => `.${extension}`).join(', ')})`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
})();

/** The accepted type a file name ends in, or undefined. */
export function uploadTypeForName(name: string): UploadType | undefined {
  const extension = /\.([a-z0-9]{1,10})$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? UPLOAD_TYPES.find((type) => type.extensions.includes(extension)) : undefined;
}

/** "PDF", "CSV"… for a stored type; the type itself when Weft does not know it. */
export function uploadTypeLabel(mimeType: string): string {
  return UPLOAD_TYPES.find((type) => type.mimeType === mimeType)?.label ?? mimeType;
}

/** A workflow whose nodes point at a file. */
export interface FileUser {
  id: string;
  name: string;
}

/** One of the user's uploads, as the API answers it (never its bytes). */
export interface FileSummary {
  id: string;
  /** The name it was uploaded with, cleaned of folders and control characters. */
  name: string;
  /** Detected from the content at upload (one of UPLOAD_TYPES). */
  mimeType: string;
  /** Bytes. */
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  createdAt: string;
  /** The caller's workflows with a node whose `file` field holds this file's id, by name. */
  usedBy: FileUser[];
}

/** `GET /api/files`. */
export interface FileList {
  /** Newest first. */
  files: FileSummary[];
  /** The server's upload limit (WEFT_UPLOAD_MAX_MB), so a browser can refuse a larger file before sending it. */
  maxBytes: number;
}
