import { useQuery } from '@tanstack/react-query';
import { CONVERSIONS, type Conversion, DATA_TYPES, type DataType, type NodeDefinition } from '@weft/core';
import { useEffect, useMemo, useState } from 'react';
import { queryKeys } from '../api/query-keys';
import { fetchNodeDefinitions, type NodeDefinitionsResponse } from '../api/useNodeDefinitions';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';
import { useAuthStore } from '../stores/auth.store';
import { asPayload, parseCachedDefinitions, serializeCachedDefinitions } from './node-definitions-cache';

/** The server caches the catalogue for 5 minutes; asking more often gains nothing. */
const STALE_MS = 5 * 60_000;

export interface UseNodeDefinitionsResult {
  /** Every definition the server offers, hidden ones included (the canvas needs converters). */
  definitions: readonly NodeDefinition[];
  /** Definitions by their `type`, for looking up a node's definition. */
  byType: ReadonlyMap<string, NodeDefinition>;
  dataTypes: readonly DataType[];
  conversions: readonly Conversion[];
  /** True only while there is nothing to show yet: no stored copy and no answer. */
  isLoading: boolean;
  /** The last fetch failed. A stored copy, if any, is still returned meanwhile. */
  error: Error | null;
  refetch(): void;
}

const EMPTY: readonly NodeDefinition[] = [];

function readCache(userId: string | null) {
  return parseCachedDefinitions(readStorage(STORAGE_KEYS.nodeDefinitions), userId);
}

/**
 * The node catalogue for the editor: `GET /api/node-definitions` through TanStack Query,
 * with the last answer kept in localStorage (SPEC.md section 4) and used as initial data
 * so the editor opens at once, then refreshed in the background when older than five
 * minutes. The stored copy names its user and is only read back for them; sign-out also
 * removes it (`stores/auth.store.ts`) and clears the query cache (`main.tsx`), so one
 * user's custom nodes never show to the next. Saving a custom node invalidates the
 * query (`api/useCustomNodeMutations.ts`), so the library shows it at once.
 *
 * Shares its query key with the docs page, so whichever loads first serves both.
 */
export function useNodeDefinitions(): UseNodeDefinitionsResult {
  // Read once per mount; the query only uses it when its cache is empty. The copy is the
  // signed-in user's own (it holds their custom node types), never another's.
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const [cached] = useState(() => readCache(userId));
  const query = useQuery({
    queryKey: queryKeys.nodeDefinitions,
    queryFn: async ({ signal }) => {
      const answer = await fetchNodeDefinitions(signal);
      if (!asPayload(answer)) throw new Error('The server sent node definitions in a shape this editor does not understand. Reload the page.');
      return answer as NodeDefinitionsResponse;
    },
    initialData: cached ? (cached.payload as NodeDefinitionsResponse) : undefined,
    initialDataUpdatedAt: cached?.savedAt,
    staleTime: STALE_MS,
  });

  // The docs page fills the same cache with the raw answer: normalise here, not in queryFn.
  const payload = useMemo(() => asPayload(query.data), [query.data]);
  const { dataUpdatedAt } = query;
  useEffect(() => {
    // Store fresh answers only; the copy from storage keeps its own time.
    if (payload && dataUpdatedAt !== cached?.savedAt) writeStorage(STORAGE_KEYS.nodeDefinitions, serializeCachedDefinitions(payload, dataUpdatedAt, userId));
  }, [payload, dataUpdatedAt, cached, userId]);

  const definitions = payload?.definitions ?? EMPTY;
  const byType = useMemo(() => new Map(definitions.map((d) => [d.type, d])), [definitions]);
  const { refetch } = query;
  return {
    definitions,
    byType,
    dataTypes: payload?.dataTypes.length ? payload.dataTypes : DATA_TYPES,
    conversions: payload?.conversions.length ? payload.conversions : CONVERSIONS,
    isLoading: payload === null && query.isPending,
    error: query.error,
    refetch: () => void refetch(),
  };
}
