import type { Conversion, DataType, NodeDefinition } from '@weft/core';

/** What `GET /api/node-definitions` answers (docs/API.md). */
export interface NodeDefinitionsPayload {
  definitions: NodeDefinition[];
  dataTypes: DataType[];
  conversions: Conversion[];
}

/**
 * The localStorage entry: the payload, when it was fetched (a stale copy is refetched)
 * and whose it is. Signed-in answers hold that user's custom node types, so a copy is
 * only used for the same user (`null`: a visitor); sign-out also removes it, but a
 * session can end without one (expired, revoked elsewhere) and another user sign in.
 */
interface CachedEntry {
  savedAt: number;
  userId: string | null;
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
 * Reads the stored copy for `userId` (`null`: a visitor). Anything unreadable (another
 * version's shape, hand-edited storage) or saved for someone else is ignored rather
 * than trusted: the editor then waits for the server.
 */
export function parseCachedDefinitions(text: string | null, userId: string | null): CachedEntry | null {
  if (!text) return null;
  try {
    const entry = JSON.parse(text) as { savedAt?: unknown; userId?: unknown; payload?: unknown };
    const payload = asPayload(entry.payload);
    if (!payload || typeof entry.savedAt !== 'number' || entry.userId !== userId) return null;
    return { savedAt: entry.savedAt, userId, payload };
  } catch {
    return null;
  }
}

export function serializeCachedDefinitions(payload: NodeDefinitionsPayload, savedAt: number, userId: string | null): string {
  return JSON.stringify({ savedAt, userId, payload } satisfies CachedEntry);
}
