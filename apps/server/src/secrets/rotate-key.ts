import fs from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import {
  EncryptionKeyError,
  formatEncryptionKey,
  generateEncryptionKey,
  keyFilePath,
  parseEncryptionKey,
  writePrivateFileAtomically,
} from './encryption-key.js';
import { canaryOpens, readCanary, replaceCanary } from './key-canary.js';
import { SecretCipher, SecretDecryptError } from './secret-cipher.js';
import { secretContext } from './secrets.service.js';
import { KEY_ENV, keyMismatchMessage, openSecretsKey } from './secrets-key.js';

export const NEW_KEY_ENV = 'WEFT_NEW_ENCRYPTION_KEY';

export interface RotateKeyOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  dataDir: string;
  /** WEFT_ENCRYPTION_KEY: the key in use, when it does not come from the key file. */
  envKey: string | undefined;
  /** WEFT_NEW_ENCRYPTION_KEY; a new key is generated when absent. */
  newEnvKey: string | undefined;
  logger: Logger;
}

export interface RotateKeyReport {
  secrets: number;
  source: 'env' | 'file';
  /** The key file now holding the new key, and the copy of the previous one. */
  keyFile?: string;
  oldKeyFile?: string;
  /** Set only when the operator keeps the key in WEFT_ENCRYPTION_KEY and Weft made the new one: they must store it. */
  generatedKey?: string;
}

/**
 * `weft rotate-key`: re-encrypts every secret and the canary under a new key in one
 * transaction. With the key file, the new key is written next to it as `.new` before the
 * commit and moved into place after, the previous key kept as `encryption.key.old`
 * (both 0600); a crash in between leaves the `.new` file, which the start-up error names.
 * Weft must not be running meanwhile: a process holding the old key would keep writing
 * secrets under it.
 */
export async function rotateEncryptionKey(options: RotateKeyOptions): Promise<RotateKeyReport> {
  const current = await openSecretsKey({ db: options.db, dataDir: options.dataDir, envKey: options.envKey, logger: options.logger });
  const newKey = options.newEnvKey !== undefined ? parseEncryptionKey(options.newEnvKey, NEW_KEY_ENV) : generateEncryptionKey();
  if (newKey.equals(current.key))
    throw new EncryptionKeyError(`${NEW_KEY_ENV} is the key already in use; give a different key, or leave it unset to have one generated.`);
  const oldCipher = new SecretCipher(current.key);
  const newCipher = new SecretCipher(newKey);

  const staged = current.source.kind === 'file' ? `${current.source.file}.new` : undefined;
  if (staged) writePrivateFileAtomically(staged, `${formatEncryptionKey(newKey)}\n`);
  let count: number;
  try {
    count = await options.db.transaction().execute(async (trx) => {
      // PostgreSQL: hold off writers until the commit. SQLite's write transaction already does.
      if (options.dialect === 'postgres') await sql`LOCK TABLE secrets IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
      const canary = await readCanary(trx);
      if (canary === undefined || !canaryOpens(oldCipher, canary)) {
        throw new EncryptionKeyError(keyMismatchMessage(current.source, keyFilePath(options.dataDir)));
      }
      const rows = await trx.selectFrom('secrets').select(['id', 'user_id', 'name', 'ciphertext']).execute();
      for (const row of rows) {
        const context = secretContext(row.user_id, row.id);
        let value: string;
        try {
          value = oldCipher.decrypt(row.ciphertext, context);
        } catch (error) {
          if (!(error instanceof SecretDecryptError)) throw error;
          throw new EncryptionKeyError(
            `The secret "${row.name}" (id ${row.id}) does not decrypt with the current key, so nothing was changed. Delete that secret (or have its owner enter it again) and rotate again.`,
          );
        }
        await trx
          .updateTable('secrets')
          .set({ ciphertext: newCipher.encrypt(value, context) })
          .where('id', '=', row.id)
          .execute();
      }
      await replaceCanary(trx, newCipher);
      return rows.length;
    });
  } catch (error) {
    if (staged) fs.rmSync(staged, { force: true });
    throw error;
  }

  if (current.source.kind === 'env') {
    return { secrets: count, source: 'env', ...(options.newEnvKey === undefined ? { generatedKey: formatEncryptionKey(newKey) } : {}) };
  }
  const keyFile = current.source.file;
  const oldKeyFile = `${keyFile}.old`;
  writePrivateFileAtomically(oldKeyFile, `${formatEncryptionKey(current.key)}\n`);
  fs.renameSync(staged as string, keyFile);
  return { secrets: count, source: 'file', keyFile, oldKeyFile };
}

/** What the CLI prints: what was done, and what the operator must do next. */
export function describeRotation(report: RotateKeyReport): string {
  const done = `Re-encrypted ${report.secrets} secret${report.secrets === 1 ? '' : 's'} and the key check under a new key.`;
  if (report.source === 'file') {
    return [
      done,
      `New key: ${report.keyFile} (mode 0600). Back it up with the database: without it the secrets cannot be read.`,
      `Previous key: ${report.oldKeyFile} (mode 0600). It no longer opens this database; delete it once no backup made before now needs it.`,
      'Start Weft as usual.',
      '',
    ].join('\n');
  }
  const lines = [
    done,
    `The old ${KEY_ENV} no longer opens this database. Before the next start, set ${KEY_ENV} to the new key wherever Weft's environment is defined`,
  ];
  if (report.generatedKey) {
    lines[1] += '. The new key, shown only now:';
    lines.push('', `  ${report.generatedKey}`, '');
  } else {
    lines[1] += ` (the value of ${NEW_KEY_ENV}), then remove ${NEW_KEY_ENV}.`;
  }
  lines.push('Weft refuses to start with the old key, saying so.', '');
  return lines.join('\n');
}
