import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import { decodeText, tidyText } from '../decode-text.js';
import { DocumentProblem } from '../document-problem.js';

/** Plain text and Markdown: one document with the whole text (Markdown stays Markdown, which models read well). */
export async function loadText(file: DocumentFile): Promise<DocumentValue[]> {
  const text = tidyText(await decodeText(file));
  if (text === '') throw new DocumentProblem(file.name, 'the file has only blank lines');
  return [{ text, metadata: { source: file.name } }];
}
