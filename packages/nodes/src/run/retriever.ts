import type { NodeRunArgs } from '../node-services.js';
import type { RetrieverConfig } from '../retriever.node.js';
import { pricedUsage } from './model-cost.js';
import { requireResolvedSecret } from './placeholders.js';
import { describeModel, readCollectionName, readMetadataFilter } from './rag-config.js';

/**
 * Retriever: embeds the query with the model the collection was built with (vector and
 * hybrid; keyword search needs no model and no key) and asks the store for the best chunks.
 */
export async function runRetriever({ inputs, config, ctx }: NodeRunArgs<RetrieverConfig>) {
  const collectionName = readCollectionName(config.collection);
  // Results is a whole number from 1 to 50 (its field's step, min and max).
  const { mode, topK, minScore } = config;
  const filter = readMetadataFilter(config.filter);
  const text = queryText(inputs.input);
  if (text.trim() === '') throw new Error('The query is empty (did the text arrive empty?)');

  const collection = await ctx.services.vectors.collection(collectionName);
  if (!collection) {
    throw new Error(
      `You have no collection named "${collectionName}" yet: run an Embed & Store into it first (names are case-sensitive; Settings → Collections lists yours)`,
    );
  }
  let vector: readonly number[] | undefined;
  if (mode !== 'keyword') {
    const model = collection.embedding;
    if (!model) {
      throw new Error(
        `Collection "${collectionName}" was stored without embeddings, for keyword search only: choose Keyword search, or store it again with an embedding model`,
      );
    }
    const apiKey = requireResolvedSecret(config.apiKey?.trim() ?? '', 'API key');
    const { embeddings, usage } = await ctx.services.embeddings.embed({ ...model, ...(apiKey ? { apiKey } : {}), texts: [text] }, { signal: ctx.signal });
    ctx.services.recordUsage(pricedUsage(usage, model.model));
    vector = embeddings[0];
    if (!vector || vector.length !== collection.dimensions) {
      throw new Error(
        `${describeModel(model)} returned a ${vector?.length ?? 0}-dimension embedding for the query, but "${collectionName}" holds ${collection.dimensions}-dimension embeddings: has the model changed? Store the collection again with Replace.`,
      );
    }
  }
  const results = await ctx.services.vectors.query({
    collection: collectionName,
    mode,
    text,
    topK,
    minScore,
    ...(vector ? { vector } : {}),
    ...(filter ? { filter } : {}),
  });
  ctx.log(`${results.length} result(s) from "${collectionName}" by ${mode} search${results[0] ? `, best score ${results[0].score.toFixed(3)}` : ''}`);
  return { outputs: { output: results } };
}

/** A query value (`{ text }`, from Text to Query) or plain text. */
function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  if (value === undefined || value === null) throw new Error('No query arrived on the Query input (is it connected?)');
  throw new Error('The Query input must be text or { text }');
}
