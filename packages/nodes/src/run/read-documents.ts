import type { DocumentValue } from '@weft/core';

/**
 * Documents as they arrive on an input: a list of `{ text, metadata }`; a single one, or
 * plain strings, are taken too (the converters are as forgiving). Anything else fails
 * naming the item, rather than being split as "[object Object]".
 */
export function readDocuments(value: unknown): DocumentValue[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map((item: unknown, index) => {
    if (typeof item === 'string') return { text: item, metadata: {} };
    if (item && typeof item === 'object' && 'text' in item && typeof item.text === 'string') {
      const metadata = 'metadata' in item && item.metadata && typeof item.metadata === 'object' && !Array.isArray(item.metadata) ? item.metadata : {};
      return { text: item.text, metadata: metadata as Record<string, unknown> };
    }
    throw new Error(
      `Document ${index + 1} is not a document: expected { text, metadata }, got ${item === null ? 'null' : Array.isArray(item) ? 'a list' : typeof item}`,
    );
  });
}
