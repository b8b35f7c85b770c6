import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import { decodeText } from '../decode-text.js';
import { DocumentProblem } from '../document-problem.js';

/**
 * JSON: a list becomes one document per item (metadata `item`, from 1), so a file of
 * records indexes like a table; anything else is one document. Strings are taken as they
 * are, other values as indented JSON, which keeps their keys beside their values.
 */
export async function loadJson(file: DocumentFile): Promise<DocumentValue[]> {
  const text = await decodeText(file);
  if (text.trim() === '') throw new DocumentProblem(file.name, 'the file has only blank lines');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocumentProblem(file.name, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(value)) return [{ text: asText(value), metadata: { source: file.name } }];
  if (value.length === 0) throw new DocumentProblem(file.name, 'the list is empty');
  return value.map((item, index) => ({ text: asText(item), metadata: { source: file.name, item: index + 1 } }));
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
