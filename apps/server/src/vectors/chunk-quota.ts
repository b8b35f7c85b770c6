import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A user's collections and the chunks they hold together (the quota counts the chunks). */
export async function vectorUsage(db: Kysely<Database>, userId: string): Promise<{ collections: number; chunks: number }> {
  const row = await db
    .selectFrom('vector_collections')
    .select((eb) => [eb.fn.countAll<number | string>().as('collections'), eb.fn.sum<number | string | null>('chunk_count').as('chunks')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { collections: Number(row.collections), chunks: Number(row.chunks ?? 0) };
}

/** The error an Embed & Store fails with at the quota: how many it would add, the quota, its setting, the usage. */
export function chunkQuotaMessage(adding: number, held: number, quota: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    `Storing ${count(adding)} new chunk${adding === 1 ? '' : 's'} would take your collections to ${count(held + adding)} chunks, ` +
    `over your quota of ${count(quota)} (WEFT_VECTOR_CHUNKS_QUOTA); they hold ${count(held)} now. ` +
    'Delete a collection you no longer need in Settings → Collections, or ask whoever runs this Weft to raise the quota.'
  );
}

/**
 * Throws the quota's message when `adding` more chunks would take the user's collections past
 * `allowed` (the quota, plus chunks a Replace removes once it is done). Checked before anything
 * is embedded (embedding costs money) and again with each batch, in its transaction, so
 * writes racing each other pass it by at most a batch each.
 */
export async function checkChunkQuota(db: Kysely<Database>, userId: string, adding: number, quota: number, allowed = quota): Promise<void> {
  if (quota <= 0 || adding === 0) return;
  const { chunks } = await vectorUsage(db, userId);
  if (chunks + adding > allowed) throw new Error(chunkQuotaMessage(adding, chunks - (allowed - quota), quota));
}
