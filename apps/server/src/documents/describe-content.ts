/** Readable names for the kinds people most often upload by mistake. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  xlsx: 'an Excel workbook',
  pptx: 'a PowerPoint presentation',
  cfb: 'an old-style Office file or a password-protected one',
  zip: 'a ZIP archive',
  png: 'a PNG image',
  jpg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  mp3: 'an MP3 audio file',
  mp4: 'an MP4 video',
  gz: 'a gzip archive',
};

/** What the bytes look like according to their signature (file-type), e.g. "it looks like a PNG image"; undefined when unknown. */
export async function sniffKind(bytes: Uint8Array): Promise<string | undefined> {
  // Imported on first use, like the parsers (parse-document.ts).
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.ext;
}

/** ` (it looks like a PNG image)`, or '' when the signature says nothing useful: the tail of an error message. */
export async function looksLike(bytes: Uint8Array, unlike?: string): Promise<string> {
  const kind = await sniffKind(bytes).catch(() => undefined);
  if (!kind || kind === unlike) return '';
  return ` (it looks like ${KIND_NAMES[kind] ?? `a .${kind} file`})`;
}
