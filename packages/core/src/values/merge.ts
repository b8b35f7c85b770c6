import type { DataType } from '../data-types.js';

/**
 * The merger's `concat` strategy: lists are concatenated in input order, text is joined
 * with blank lines, context passages and sources are joined, anything else becomes a list.
 * Inputs that did not arrive (a branch not taken) are left out.
 */
export function mergeValues(dataType: DataType, values: readonly unknown[]): unknown {
  const present = values.filter((v) => v !== undefined);
  switch (dataType) {
    case 'text':
      return present.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n\n');
    case 'documents':
    case 'chunks':
    case 'results':
      return present.flatMap((v) => (Array.isArray(v) ? v : [v]));
    case 'context': {
      const parts = present as { text?: string; sources?: string[] }[];
      return { text: parts.map((p) => p.text ?? '').join('\n\n'), sources: parts.flatMap((p) => p.sources ?? []) };
    }
    case 'query':
      return { text: (present as { text?: string }[]).map((q) => q.text ?? '').join(' ') };
    default:
      return present.every(Array.isArray) ? present.flat() : present;
  }
}
