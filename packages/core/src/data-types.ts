/**
 * Port data types and the conversions between them (SPEC.md section 5, DESIGN.md
 * "Data types and connections"). This table is the single source of truth: the editor
 * uses it to insert converters, the server to validate stored workflows.
 */
export const DATA_TYPES = ['text', 'documents', 'chunks', 'results', 'context', 'query', 'json', 'any', 'tool'] as const;

export type DataType = (typeof DATA_TYPES)[number];

/** The types that carry a value along an edge: every type but `tool` (custom node ports take these). */
export const VALUE_TYPES = DATA_TYPES.filter((type) => type !== 'tool') as readonly Exclude<DataType, 'tool'>[];

export function isDataType(value: unknown): value is DataType {
  return typeof value === 'string' && (DATA_TYPES as readonly string[]).includes(value);
}

/** A conversion a converter node performs, named as the product names it. */
export interface Conversion {
  readonly from: DataType;
  readonly to: DataType;
  readonly label: string;
}

export const CONVERSIONS: readonly Conversion[] = [
  { from: 'documents', to: 'text', label: 'Extract Text' },
  { from: 'documents', to: 'chunks', label: 'Split Documents' },
  { from: 'chunks', to: 'text', label: 'Concatenate Chunks' },
  { from: 'results', to: 'context', label: 'Format Context' },
  { from: 'results', to: 'text', label: 'Results to Text' },
  { from: 'text', to: 'query', label: 'Text to Query' },
  { from: 'context', to: 'text', label: 'Context to Text' },
  { from: 'json', to: 'text', label: 'To Text' },
];

/** The conversion from one type to another, if the product has one. */
export function findConversion(from: DataType, to: DataType): Conversion | undefined {
  return CONVERSIONS.find((c) => c.from === from && c.to === to);
}

/**
 * Equal types, or either side `any`: connect directly, no converter needed. `tool` is no
 * value but a node lent to an Agent (tool-port.ts), so it meets only `tool`, never `any`.
 */
export function typesMatch(a: DataType, b: DataType): boolean {
  if (a === 'tool' || b === 'tool') return a === b;
  return a === b || a === 'any' || b === 'any';
}

/** Connectable at all: directly, or through a converter. */
export function typesCompatible(from: DataType, to: DataType): boolean {
  return typesMatch(from, to) || findConversion(from, to) !== undefined;
}
