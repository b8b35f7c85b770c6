import type { DocumentValue } from '@weft/core';
import type { DocumentFile } from '@weft/nodes';
import { count, overLimit, TextBudget } from '../../content-work/content-limits.js';
import { checkJsonDepth } from '../../content-work/json-depth.js';
import { decodeText } from '../decode-text.js';
import { DocumentOutlet } from '../document-outlet.js';
import { DocumentProblem } from '../document-problem.js';
import type { LoadOptions } from '../parse-document.js';

/**
 * JSON: a list becomes one document per item (metadata `item`, from 1), so a file of
 * records indexes like a table; anything else is one document. Strings are taken as they
 * are, other values as indented JSON, which keeps their keys beside their values.
 * Nesting past the depth limit is refused before parsing, a list longer than the row limit
 * before its items become text.
 */
export async function loadJson(file: DocumentFile, { limits, onDocuments }: LoadOptions): Promise<DocumentValue[]> {
  const text = await decodeText(file);
  if (text.trim() === '') throw new DocumentProblem(file.name, 'the file has only blank lines');
  checkJsonDepth(text, file.name, limits);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocumentProblem(file.name, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(value)) return [{ text: asText(value), metadata: { source: file.name } }];
  if (value.length === 0) throw new DocumentProblem(file.name, 'the list is empty');
  if (value.length > limits.maxRows) throw overLimit(file.name, 'maxRows', limits, `the list has ${count(value.length)} items`);
  const budget = new TextBudget(file.name, limits);
  // Items become documents a batch at a time, each handed on while the next is written out.
  const outlet = new DocumentOutlet(onDocuments);
  for (const [index, item] of value.entries()) {
    const itemText = asText(item);
    budget.add(itemText.length);
    outlet.push({ text: itemText, metadata: { source: file.name, item: index + 1 } });
    if (outlet.due) await outlet.handOn();
  }
  return outlet.documents;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
