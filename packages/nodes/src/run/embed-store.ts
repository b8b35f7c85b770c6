import type { EmbedStoreConfig } from '../embed-store.node.js';
import type { NodeRunArgs } from '../node-services.js';
import { pricedUsage } from './model-cost.js';
import { requireResolvedSecret } from './placeholders.js';
import { readChunks, readCollectionName, readEmbeddingModel } from './rag-config.js';

/**
 * Embed & Store: the chunks the collection lacks are embedded (the store asks a batch at a
 * time, and each batch's token usage is recorded as it comes back), then written with a
 * content hash, so indexing the same documents again stores and pays for nothing twice.
 */
export async function runEmbedStore({ inputs, config, ctx }: NodeRunArgs<EmbedStoreConfig>) {
  const collection = readCollectionName(config.collection);
  const { mode } = config;
  const embedding = readEmbeddingModel(config);
  const apiKey = requireResolvedSecret(config.apiKey?.trim() ?? '', 'API key');
  const { chunks, empty } = readChunks(inputs.input);
  if (empty > 0) ctx.log(`${empty} chunk(s) without text left out`, 'warn');
  if (chunks.length === 0) {
    // Replacing with nothing would empty the collection: far more often an upstream step
    // that found no text than a wish to delete everything (Settings deletes collections).
    if (mode === 'replace') throw new Error(`No chunks arrived to store, so "${collection}" was left as it is (did the documents have any text?)`);
    ctx.log('No chunks arrived; nothing to store');
  }

  const result = await ctx.services.vectors.store({
    collection,
    embedding,
    chunks,
    mode,
    signal: ctx.signal,
    async embed(texts) {
      if (!embedding) throw new Error('This collection is stored without embeddings');
      const { embeddings, usage } = await ctx.services.embeddings.embed({ ...embedding, ...(apiKey ? { apiKey } : {}), texts }, { signal: ctx.signal });
      ctx.services.recordUsage(pricedUsage(usage, embedding.model));
      if (embeddings.length !== texts.length) {
        throw new Error(`The embedding server returned ${embeddings.length} embeddings for ${texts.length} texts`);
      }
      ctx.log(`Embedded ${texts.length} chunk(s) with ${embedding.model}: ${usage.inputTokens} tokens`);
      return embeddings;
    },
  });
  ctx.log(`"${result.collection}": ${result.added} added, ${result.unchanged} already stored, ${result.removed} removed; ${result.total} chunks in all`);
  return { outputs: { output: result } };
}
