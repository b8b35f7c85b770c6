import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import { createKeyFile, EncryptionKeyError, KEY_FORMAT_HELP, keyFilePath, parseEncryptionKey, readKeyFile } from './encryption-key.js';
import { CANARY_SETTING, canaryOpens, ensureCanary, readCanary } from './key-canary.js';
import { SecretCipher } from './secret-cipher.js';

export const KEY_ENV = 'WEFT_ENCRYPTION_KEY';

/** Where the key came from: the operator's variable, or the key file in the data folder. */
export type KeySource = { kind: 'env' } | { kind: 'file'; file: string; created: boolean };

export interface SecretsKey {
  key: Buffer;
  source: KeySource;
}

export interface OpenSecretsKeyOptions {
  db: Kysely<Database>;
  dataDir: string;
  /** WEFT_ENCRYPTION_KEY as configured (config.encryptionKey). */
  envKey: string | undefined;
  logger: Logger;
}

/**
 * Finds the key for secrets at rest and proves it is the database's key, before any
 * service runs. WEFT_ENCRYPTION_KEY wins; else `<dataDir>/encryption.key`, created (0600)
 * on a database that has never held an encrypted value. The canary then either opens
 * (right key), or is absent and gets written (first start), or fails: Weft refuses to
 * start with a message saying what happened and what to do.
 */
export async function openSecretsKey(options: OpenSecretsKeyOptions): Promise<SecretsKey> {
  const file = keyFilePath(options.dataDir);
  const stored = await readCanary(options.db);
  const resolved = resolveKey(options, file, stored !== undefined);
  const cipher = new SecretCipher(resolved.key);
  const canary = stored ?? (await ensureCanary(options.db, cipher));
  if (canaryOpens(cipher, canary)) return resolved;
  // A key file made a moment ago lost a race with another process's key: leave no wrong key behind.
  if (resolved.source.kind === 'file' && resolved.source.created) fs.rmSync(file, { force: true });
  throw new EncryptionKeyError(keyMismatchMessage(resolved.source, file));
}

function resolveKey(options: OpenSecretsKeyOptions, file: string, databaseHasKey: boolean): SecretsKey {
  if (options.envKey !== undefined) return { key: parseEncryptionKey(options.envKey, KEY_ENV), source: { kind: 'env' } };
  const existing = readKeyFile(file, options.logger);
  if (existing) return { key: existing, source: { kind: 'file', file, created: false } };
  // Never make a fresh key for a database that already has one: every secret would be lost,
  // and the new file would hide the real problem on the next start.
  if (databaseHasKey) throw new EncryptionKeyError(missingKeyFileMessage(file));
  return { key: createKeyFile(file, options.logger), source: { kind: 'file', file, created: true } };
}

const LOST_KEY_HELP = `If the key is lost for good, delete the stored secrets and the canary (DELETE FROM secrets; DELETE FROM app_settings WHERE key = '${CANARY_SETTING}') and start again; everyone then enters their secrets anew.`;

export function keyMismatchMessage(source: KeySource, file: string): string {
  if (source.kind === 'env') {
    return (
      `${KEY_ENV} does not match the key this database's secrets were encrypted with (the encryption canary did not decrypt). ` +
      `Restore the previous key (${file} or the old ${KEY_ENV}), or run \`weft rotate-key\` with the old key to move to a new one. ${LOST_KEY_HELP}`
    );
  }
  const hints: string[] = [];
  if (fs.existsSync(`${file}.new`)) {
    hints.push(`An interrupted \`weft rotate-key\` left ${file}.new: if that rotation finished, it holds the key; move it to ${file}.`);
  }
  if (fs.existsSync(`${file}.old`)) hints.push(`${file}.old holds the key from before the last \`weft rotate-key\`.`);
  return [
    `The key in ${file} does not match the key this database's secrets were encrypted with (the encryption canary did not decrypt).`,
    `Restore the previous key file from a backup, or set ${KEY_ENV} to the key used before; then run \`weft rotate-key\` with it if you want to move to a new key.`,
    ...hints,
    LOST_KEY_HELP,
  ].join(' ');
}

function missingKeyFileMessage(file: string): string {
  return (
    `The encryption key file ${file} is missing, but this database already holds data encrypted with a key (the encryption canary is set). ` +
    `Restore the key file from a backup (check DATA_DIR), or set ${KEY_ENV} to that key. ${KEY_FORMAT_HELP} ` +
    `Weft did not make a new key, since secrets encrypted with the lost one could not be read. ${LOST_KEY_HELP}`
  );
}
