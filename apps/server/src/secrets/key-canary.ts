import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type SecretCipher, SecretDecryptError } from './secret-cipher.js';

/** The `app_settings` row holding a known text encrypted under the database's key. */
export const CANARY_SETTING = 'encryption_canary';
const CANARY_PLAINTEXT = 'weft encryption canary v1';
const CANARY_CONTEXT = `app_settings:${CANARY_SETTING}`;

/*
 * Why a canary: without it a wrong key shows up only when a run first reads a secret, as
 * "could not be decrypted" deep inside a workflow (the failure every peer project has
 * reports about). Decrypting one known value at start-up turns that into a refusal to
 * start that names the cause.
 */

export async function readCanary(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', CANARY_SETTING).executeTakeFirst();
  return row?.value;
}

export function sealCanary(cipher: SecretCipher): string {
  return cipher.encrypt(CANARY_PLAINTEXT, CANARY_CONTEXT);
}

/** Does `cipher` hold the key the stored canary was sealed with? */
export function canaryOpens(cipher: SecretCipher, stored: string): boolean {
  try {
    return cipher.decrypt(stored, CANARY_CONTEXT) === CANARY_PLAINTEXT;
  } catch (error) {
    if (error instanceof SecretDecryptError) return false;
    throw error;
  }
}

/** Stores a canary unless one exists (another process may race us); returns the stored one. */
export async function ensureCanary(db: Kysely<Database>, cipher: SecretCipher): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key: CANARY_SETTING, value: sealCanary(cipher) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await readCanary(db);
  if (stored === undefined) throw new Error('The encryption canary was written but cannot be read back');
  return stored;
}

export async function replaceCanary(db: Kysely<Database>, cipher: SecretCipher): Promise<void> {
  const value = sealCanary(cipher);
  await db
    .insertInto('app_settings')
    .values({ key: CANARY_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
