import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import { expect, it } from 'vitest';
import type { Weft } from '../main.js';
import { openPlaceDatabase, startWeftAt, useWeftPlace } from '../test-support/restartable-weft.js';
import { describeEachDatabase, signUp } from '../test-support/test-weft.js';
import { describeRotation, rotateEncryptionKey } from './rotate-key.js';

const silent = pino({ level: 'silent' });
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describeEachDatabase('weft rotate-key', (database) => {
  const { place, keyFile } = useWeftPlace(database);

  /** Two users with secrets, stored through the API; Weft is closed afterwards. */
  const seed = async (env: Record<string, string> = {}) => {
    const weft = await startWeftAt(place(), { env });
    const owners: { userId: string; values: Record<string, string> }[] = [];
    const seeds: Record<string, string>[] = [{ API_KEY: 'sk-first-user-111111', DB_PASSWORD: 'pw-first-222222' }, { API_KEY: 'sk-second-user-333333' }];
    for (const values of seeds) {
      const user = await signUp(weft);
      for (const [name, value] of Object.entries(values)) {
        const res = await weft.app.inject({ method: 'POST', url: '/api/secrets', headers: user.headers, payload: { name, value } });
        expect(res.statusCode).toBe(201);
      }
      owners.push({ userId: user.userId, values });
    }
    await weft.close();
    return owners;
  };
  const rotate = async (options: { envKey?: string; newEnvKey?: string } = {}) => {
    const handle = await openPlaceDatabase(place());
    try {
      return await rotateEncryptionKey({
        db: handle.db,
        dialect: handle.dialect,
        dataDir: place().dataDir,
        envKey: options.envKey,
        newEnvKey: options.newEnvKey,
        logger: silent,
      });
    } finally {
      await handle.close();
    }
  };
  const readBack = async (weft: Weft, owners: Awaited<ReturnType<typeof seed>>) => {
    for (const owner of owners) expect(await weft.services.secrets.valuesForUser(owner.userId)).toEqual(owner.values);
  };
  const startFails = async (env: Record<string, string>) => {
    const outcome = await startWeftAt(place(), { env }).then(
      async (weft) => {
        await weft.close();
        return 'started';
      },
      (error: Error) => error.message,
    );
    return outcome;
  };

  it('with the key file: re-encrypts everything, swaps the file (0600) and keeps the old key as .old (0600)', async () => {
    const owners = await seed();
    const oldKey = fs.readFileSync(keyFile(), 'utf8');
    const before = await storedCiphertexts();

    const report = await rotate();
    expect(report).toEqual({ secrets: 3, source: 'file', keyFile: keyFile(), oldKeyFile: `${keyFile()}.old` });
    expect(describeRotation(report)).toContain('Re-encrypted 3 secrets and the key check under a new key.');
    const newKey = fs.readFileSync(keyFile(), 'utf8');
    expect(newKey).not.toBe(oldKey);
    expect(Buffer.from(fs.readFileSync(`${keyFile()}.old`, 'utf8').trim(), 'base64').equals(Buffer.from(oldKey.trim(), 'base64'))).toBe(true);
    if (process.platform !== 'win32') {
      expect(mode(keyFile())).toBe(0o600);
      expect(mode(`${keyFile()}.old`)).toBe(0o600);
    }
    expect(
      fs
        .readdirSync(place().dataDir)
        .filter((f) => f.startsWith('encryption.key'))
        .sort(),
    ).toEqual(['encryption.key', 'encryption.key.old']);
    const after = await storedCiphertexts();
    for (const [id, ciphertext] of before) expect(after.get(id)).not.toBe(ciphertext);

    const weft = await startWeftAt(place());
    await readBack(weft, owners);
    await weft.close();
    const refused = await startFails({ WEFT_ENCRYPTION_KEY: oldKey.trim() });
    expect(refused).toContain("WEFT_ENCRYPTION_KEY does not match the key this database's secrets were encrypted with");
  });

  it('with WEFT_ENCRYPTION_KEY and WEFT_NEW_ENCRYPTION_KEY: the new key opens the database, the old one is refused', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('hex');
    const owners = await seed({ WEFT_ENCRYPTION_KEY: oldKey });
    const report = await rotate({ envKey: oldKey, newEnvKey: newKey });
    expect(report).toEqual({ secrets: 3, source: 'env' });
    expect(describeRotation(report)).toContain('set WEFT_ENCRYPTION_KEY to the new key');
    expect(describeRotation(report)).not.toContain(newKey);
    expect(fs.existsSync(keyFile())).toBe(false);

    const weft = await startWeftAt(place(), { env: { WEFT_ENCRYPTION_KEY: newKey } });
    await readBack(weft, owners);
    await weft.close();
    expect(await startFails({ WEFT_ENCRYPTION_KEY: oldKey })).toContain('WEFT_ENCRYPTION_KEY does not match');
  });

  it('with WEFT_ENCRYPTION_KEY alone: generates the new key and prints it once', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const owners = await seed({ WEFT_ENCRYPTION_KEY: oldKey });
    const report = await rotate({ envKey: oldKey });
    const generated = report.generatedKey as string;
    expect(Buffer.from(generated, 'base64')).toHaveLength(32);
    expect(describeRotation(report)).toContain(`  ${generated}\n`);
    const weft = await startWeftAt(place(), { env: { WEFT_ENCRYPTION_KEY: generated } });
    await readBack(weft, owners);
    await weft.close();
  });

  it('changes nothing when the current key is wrong, the new key is the old one, or a secret does not decrypt', async () => {
    const owners = await seed();
    const key = fs.readFileSync(keyFile(), 'utf8').trim();
    const before = await storedCiphertexts();

    await expect(rotate({ envKey: randomBytes(32).toString('base64') })).rejects.toThrow('WEFT_ENCRYPTION_KEY does not match');
    await expect(rotate({ newEnvKey: key })).rejects.toThrow('WEFT_NEW_ENCRYPTION_KEY is the key already in use');
    await expect(rotate({ newEnvKey: 'short' })).rejects.toThrow('WEFT_NEW_ENCRYPTION_KEY is not a valid encryption key');

    // One row whose ciphertext belongs to another row: the whole rotation rolls back.
    const [first, second] = [...before.entries()] as [[string, string], [string, string]];
    await setCiphertext(second[0], first[1]);
    await expect(rotate()).rejects.toThrow(/does not decrypt with the current key, so nothing was changed/);

    expect(fs.readFileSync(keyFile(), 'utf8').trim()).toBe(key);
    expect(fs.readdirSync(place().dataDir).filter((f) => f.startsWith('encryption.key'))).toEqual(['encryption.key']);
    expect(await storedCiphertexts()).toEqual(new Map([...before, [second[0], first[1]]]));
    await setCiphertext(second[0], second[1]);
    const weft = await startWeftAt(place());
    await readBack(weft, owners);
    await weft.close();
  });

  async function setCiphertext(id: string, ciphertext: string): Promise<void> {
    const handle = await openPlaceDatabase(place());
    await handle.db.updateTable('secrets').set({ ciphertext }).where('id', '=', id).execute();
    await handle.close();
  }

  async function storedCiphertexts(): Promise<Map<string, string>> {
    const handle = await openPlaceDatabase(place());
    const rows = await handle.db.selectFrom('secrets').select(['id', 'ciphertext']).orderBy('id').execute();
    await handle.close();
    return new Map(rows.map((r) => [r.id, r.ciphertext]));
  }
});
