import type { DataType, NodeCategory } from '@weft/core';

/**
 * Colours for port data types and node categories, used wherever they are drawn (docs
 * chips, template previews, the hero graph) so a type looks the same everywhere.
 * Class strings are written out in full so Tailwind finds them.
 */
export interface Swatch {
  /** For SVG fills and strokes; readable on both themes. */
  hex: string;
  /** Tinted chip: background, text and ring, light and dark. */
  chip: string;
  /** Solid dot. */
  dot: string;
}

/**
 * Each colour's swatch, written once: data types and categories share colours (JSON and AI
 * are both violet), so the two tables below pick from this one.
 */
const COLOUR = {
  blue: { hex: '#3b82f6', chip: 'bg-blue-500/10 text-blue-700 ring-blue-500/25 dark:text-blue-300', dot: 'bg-blue-500' },
  sky: { hex: '#0ea5e9', chip: 'bg-sky-500/10 text-sky-700 ring-sky-500/25 dark:text-sky-300', dot: 'bg-sky-500' },
  cyan: { hex: '#06b6d4', chip: 'bg-cyan-500/10 text-cyan-700 ring-cyan-500/25 dark:text-cyan-300', dot: 'bg-cyan-500' },
  teal: { hex: '#14b8a6', chip: 'bg-teal-500/10 text-teal-700 ring-teal-500/25 dark:text-teal-300', dot: 'bg-teal-500' },
  emerald: { hex: '#10b981', chip: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300', dot: 'bg-emerald-500' },
  amber: { hex: '#f59e0b', chip: 'bg-amber-500/10 text-amber-800 ring-amber-500/30 dark:text-amber-300', dot: 'bg-amber-500' },
  orange: { hex: '#f97316', chip: 'bg-orange-500/10 text-orange-700 ring-orange-500/25 dark:text-orange-300', dot: 'bg-orange-500' },
  pink: { hex: '#ec4899', chip: 'bg-pink-500/10 text-pink-700 ring-pink-500/25 dark:text-pink-300', dot: 'bg-pink-500' },
  violet: { hex: '#8b5cf6', chip: 'bg-violet-500/10 text-violet-700 ring-violet-500/25 dark:text-violet-300', dot: 'bg-violet-500' },
  /** Lighter, for the `any` type: it stands for no particular type. */
  paleSlate: { hex: '#94a3b8', chip: 'bg-slate-500/10 text-slate-700 ring-slate-500/25 dark:text-slate-300', dot: 'bg-slate-400' },
  slate: { hex: '#64748b', chip: 'bg-slate-500/10 text-slate-700 ring-slate-500/25 dark:text-slate-300', dot: 'bg-slate-500' },
} satisfies Record<string, Swatch>;

export const DATA_TYPE_SWATCH: Record<DataType, Swatch> = {
  text: COLOUR.blue,
  documents: COLOUR.amber,
  chunks: COLOUR.orange,
  results: COLOUR.emerald,
  context: COLOUR.cyan,
  query: COLOUR.pink,
  json: COLOUR.violet,
  any: COLOUR.paleSlate,
  tool: COLOUR.slate,
};

const UNKNOWN: Swatch = DATA_TYPE_SWATCH.any;

export function dataTypeSwatch(type: string): Swatch {
  return (DATA_TYPE_SWATCH as Record<string, Swatch>)[type] ?? UNKNOWN;
}

export const CATEGORY_SWATCH: Record<NodeCategory, Swatch> = {
  Inputs: COLOUR.sky,
  AI: COLOUR.violet,
  RAG: COLOUR.emerald,
  Logic: COLOUR.amber,
  Integrations: COLOUR.pink,
  Converters: COLOUR.slate,
  Outputs: COLOUR.teal,
  Custom: COLOUR.orange,
};

export function categorySwatch(category: string): Swatch {
  return (CATEGORY_SWATCH as Record<string, Swatch>)[category] ?? CATEGORY_SWATCH.Custom;
}
