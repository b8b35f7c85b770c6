import type { Conversion, DataType, NodeDefinition } from '@weft/core';

/** What `GET /api/node-definitions` answers (docs/API.md). */
export interface NodeDefinitionsPayload {
  definitions: NodeDefinition[];
  dataTypes: DataType[];
  conversions: Conversion[];
}

/** The localStorage entry: the payload and when it was fetched, so a stale copy is refetched. */
interface CachedEntry {
  savedAt: number;
  payload: NodeDefinitionsPayload;
}

function isDefinitionLike(value: unknown): value is NodeDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && typeof v.title === 'string' && Array.isArray(v.inputs) && Array.isArray(v.outputs) && Array.isArray(v.config);
}

/** A payload as the server sent it, or `null` when it does not have the expected shape. */
export function asPayload(value: unknown): NodeDefinitionsPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.definitions) || !v.definitions.every(isDefinitionLike)) return null;
  return {
    definitions: v.definitions,
    dataTypes: Array.isArray(v.dataTypes) ? (v.dataTypes as DataType[]) : [],
    conversions: Array.isArray(v.conversions) ? (v.conversions as Conversion[]) : [],
  };
}

/**
 * Reads the stored copy. Anything unreadable (another version's shape, hand-edited
 * storage) is ignored rather than trusted: the editor then waits for the server.
 */
export function parseCachedDefinitions(text: string | null): CachedEntry | null {
  if (!text) return null;
  try {
    const entry = JSON.parse(text) as { savedAt?: unknown; payload?: unknown };
    const payload = asPayload(entry.payload);
    if (!payload || typeof entry.savedAt !== 'number') return null;
    return { savedAt: entry.savedAt, payload };
  } catch {
    return null;
  }
}

export function serializeCachedDefinitions(payload: NodeDefinitionsPayload, savedAt: number): string {
  return JSON.stringify({ savedAt, payload } satisfies CachedEntry);
}
