import type { ChunkValue } from '@weft/core';
import type { EmbedStoreConfig } from '../embed-store.node.js';
import type { EmbeddingModelRef } from '../services/embedding-service.js';
import type { MetadataFilter } from '../services/vector-store-service.js';
import { readBaseUrl } from './base-url.js';

/** Longest collection name; the Settings page shows it whole. */
export const MAX_COLLECTION_NAME = 200;

/** The collection a RAG node writes or reads: required, trimmed, names are compared as written. */
export function readCollectionName(collection: string): string {
  const name = collection.trim();
  if (name === '') throw new Error('Collection is required: name the collection, such as "handbook"');
  if (name.length > MAX_COLLECTION_NAME) throw new Error(`Collection names are at most ${MAX_COLLECTION_NAME} characters; this one has ${name.length}`);
  return name;
}

/** Provider, base URL and model of an embedding config; null for `none` (keyword search only). */
export function readEmbeddingModel(config: Pick<EmbedStoreConfig, 'provider' | 'model' | 'baseUrl'>): EmbeddingModelRef | null {
  const { provider } = config;
  if (provider === 'none') return null;
  const model = config.model.trim();
  if (model === '') throw new Error('Embedding model is required: name one, such as text-embedding-3-small or nomic-embed-text');
  const baseUrl = readBaseUrl(provider, config.baseUrl);
  return { provider, model, ...(baseUrl ? { baseUrl } : {}) };
}

/** Model names as people say them: the model and, when not the provider's default, where it runs. */
export function describeModel(model: EmbeddingModelRef | null): string {
  if (!model) return 'no embedding model (keyword search only)';
  return model.baseUrl ? `${model.model} at ${model.baseUrl}` : `${model.model} (${model.provider})`;
}

export function sameModel(a: EmbeddingModelRef | null, b: EmbeddingModelRef | null): boolean {
  if (!a || !b) return a === b;
  return a.provider === b.provider && a.model === b.model && (a.baseUrl ?? '') === (b.baseUrl ?? '');
}

/**
 * Chunks as they arrive: a list of `{ text, metadata }` (a single one or plain strings
 * are taken too, as the converters are forgiving). Chunks with no text are dropped:
 * there is nothing to embed or find in them.
 */
export function readChunks(value: unknown): { chunks: ChunkValue[]; empty: number } {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const chunks: ChunkValue[] = [];
  let empty = 0;
  for (const [index, item] of list.entries()) {
    const chunk = chunkOf(item, index);
    if (chunk.text.trim() === '') empty += 1;
    else chunks.push(chunk);
  }
  return { chunks, empty };
}

function chunkOf(item: unknown, index: number): ChunkValue {
  if (typeof item === 'string') return { text: item, metadata: {} };
  if (item && typeof item === 'object' && 'text' in item && typeof item.text === 'string') {
    const metadata = 'metadata' in item && item.metadata && typeof item.metadata === 'object' && !Array.isArray(item.metadata) ? item.metadata : {};
    return { text: item.text, metadata: metadata as Record<string, unknown> };
  }
  throw new Error(`Chunk ${index + 1} is not a chunk: expected { text, metadata }, got ${describeValue(item)}`);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object without text' : `a ${typeof value}`;
}

/**
 * The Retriever's metadata filter: an object of metadata keys and the value each must
 * equal (a list means any of them). Checked here so a typo fails before any search.
 */
export function readMetadataFilter(value: unknown): MetadataFilter | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = typeof value === 'string' ? parseJson(value) : value;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('Metadata filter must be an object of keys and values, such as { "source": "handbook.pdf" }');
  }
  const filter: Record<string, MetadataFilter[string]> = {};
  for (const [key, wanted] of Object.entries(parsed)) {
    if (key.trim() === '' || /["\\]/.test(key)) throw new Error(`Metadata filter key "${key}" is not usable: keys cannot be empty or contain " or \\`);
    if (Array.isArray(wanted)) {
      if (wanted.length === 0 || !wanted.every(isScalar) || wanted.includes(null)) {
        throw new Error(`Metadata filter "${key}": a list must hold at least one text, number or true/false`);
      }
      filter[key] = wanted as (string | number | boolean)[];
    } else if (isScalar(wanted)) {
      filter[key] = wanted;
    } else {
      throw new Error(`Metadata filter "${key}" must be a text, number, true/false, null or a list of them; objects cannot be compared`);
    }
  }
  return Object.keys(filter).length === 0 ? undefined : filter;
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('Metadata filter is not valid JSON; write an object such as { "source": "handbook.pdf" }');
  }
}
