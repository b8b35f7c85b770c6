import type { EmbeddingModelRef } from '@weft/nodes';
import type { VectorCollectionRow } from '../db/schema.js';
import { modelOf } from './collections.repository.js';

/** Model names as people say them: the model and where it runs when that is not the provider's own API. */
export function describeModel(model: EmbeddingModelRef | null): string {
  if (!model) return 'no embedding model (keyword search only)';
  return model.baseUrl ? `${model.model} at ${model.baseUrl}` : `${model.model} (${model.provider})`;
}

export function noCollection(name: string): string {
  return `You have no collection named "${name}" yet: run an Embed & Store into it first`;
}

export function modelMismatch(row: VectorCollectionRow, wanted: EmbeddingModelRef | null): string {
  const built = `${describeModel(modelOf(row))}${row.dimensions > 0 ? `, ${row.dimensions} dimensions` : ''}`;
  return `Collection "${row.name}" was built with ${built}; this node embeds with ${describeModel(wanted)}. Vectors of two models cannot be compared: use the same model here, or choose "Replace the collection" to rebuild it with the new one.`;
}

export function dimensionsMismatch(name: string, model: EmbeddingModelRef | null, got: number, holds: number): string {
  return `${describeModel(model)} returned ${got}-dimension embeddings, but collection "${name}" holds ${holds}-dimension ones. Has the model changed? Choose "Replace the collection" to rebuild it.`;
}
