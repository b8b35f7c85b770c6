import type { DataType } from '../data-types.js';
import type { ChunkValue, ContextValue, DocumentValue, QueryValue, ResultValue } from './data-values.js';

/**
 * The conversions of SPEC.md section 5 as functions, forgiving about their input so a
 * hand-made value (a plain string, a single object) still converts sensibly.
 */
export function convertValue(from: DataType, to: DataType, value: unknown): unknown {
  const key = `${from}->${to}`;
  switch (key) {
    case 'documents->text':
      return asList<DocumentValue>(value)
        .map((d) => textOf(d))
        .join('\n\n');
    case 'documents->chunks':
      // Documents become chunks one to one; the Text Splitter node is the place for real splitting.
      return asList<DocumentValue>(value).map((d, index) => ({ text: textOf(d), metadata: { ...metadataOf(d), chunk: index } }) satisfies ChunkValue);
    case 'chunks->text':
      return asList<ChunkValue>(value)
        .map((c) => textOf(c))
        .join('\n\n');
    case 'results->context':
      return formatContext(asList<ResultValue>(value));
    case 'results->text':
      return asList<ResultValue>(value)
        .map((r, i) => `${i + 1}. ${textOf(r)}`)
        .join('\n');
    case 'text->query':
      return { text: textOf(value) } satisfies QueryValue;
    case 'context->text':
      return textOf(value);
    case 'json->text':
      return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    default:
      throw new Error(`There is no conversion from ${from} to ${to}`);
  }
}

/** Numbered passages with their sources, ready to drop into a prompt. */
export function formatContext(results: readonly ResultValue[]): ContextValue {
  const sources = results.map((r, i) => String(r.source ?? r.metadata?.source ?? `result ${i + 1}`));
  const text = results.map((r, i) => `[${i + 1}] ${textOf(r)}\n(source: ${sources[i]})`).join('\n\n');
  return { text, sources };
}

function asList<T>(value: unknown): readonly T[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

function metadataOf(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && 'metadata' in value && value.metadata && typeof value.metadata === 'object')
    return { ...(value.metadata as Record<string, unknown>) };
  return {};
}
