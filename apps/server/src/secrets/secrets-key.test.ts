import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { openPlaceDatabase, startWeftAt, useWeftPlace } from '../test-support/restartable-weft.js';
import { describeEachDatabase } from '../test-support/test-weft.js';
import { CANARY_SETTING } from './key-canary.js';

/** Start-up: where the key comes from, and the canary that refuses a wrong or lost one. */
describeEachDatabase('encryption key at start-up', (database) => {
  const { place, keyFile } = useWeftPlace(database);
  const startFails = async (env: Record<string, string> = {}) => {
    const error = await startWeftAt(place(), { env }).then(
      async (weft) => {
        await weft.close();
        return undefined;
      },
      (caught: unknown) => caught as Error,
    );
    expect(error, 'Weft started but should have refused').toBeInstanceOf(Error);
    return (error as Error).message;
  };

  it('creates the key file with mode 0600 and a canary on first start, and reuses both', async () => {
    const first = await startWeftAt(place());
    await first.close();
    const written = fs.readFileSync(keyFile(), 'utf8');
    expect(Buffer.from(written.trim(), 'base64')).toHaveLength(32);
    if (process.platform !== 'win32') expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    const handle = await openPlaceDatabase(place());
    const canary = await handle.db.selectFrom('app_settings').select('value').where('key', '=', CANARY_SETTING).executeTakeFirstOrThrow();
    await handle.close();
    expect(canary.value).not.toContain('canary');

    const second = await startWeftAt(place());
    await second.close();
    expect(fs.readFileSync(keyFile(), 'utf8')).toBe(written);
  });

  it('refuses a WEFT_ENCRYPTION_KEY that is not the database key, saying what to do', async () => {
    await (await startWeftAt(place())).close();
    const message = await startFails({ WEFT_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    expect(message).toContain("WEFT_ENCRYPTION_KEY does not match the key this database's secrets were encrypted with");
    expect(message).toContain(keyFile());
    expect(message).toContain('`weft rotate-key`');
  });

  it('refuses a malformed WEFT_ENCRYPTION_KEY, explaining the format', async () => {
    const message = await startFails({ WEFT_ENCRYPTION_KEY: 'my-password-123' });
    expect(message).toContain('WEFT_ENCRYPTION_KEY is not a valid encryption key');
    expect(message).toContain('openssl rand -base64 32');
    expect(message).not.toContain('my-password-123');
  });

  it('refuses a key file holding another key', async () => {
    await (await startWeftAt(place())).close();
    fs.writeFileSync(keyFile(), randomBytes(32).toString('hex'), { mode: 0o600 });
    const message = await startFails();
    expect(message).toContain(`The key in ${keyFile()} does not match the key this database's secrets were encrypted with`);
    expect(message).toContain('Restore the previous key file from a backup');
  });

  it('refuses to start, and makes no new key, when the key file of a keyed database is gone', async () => {
    await (await startWeftAt(place())).close();
    fs.rmSync(keyFile());
    const message = await startFails();
    expect(message).toContain(`The encryption key file ${keyFile()} is missing`);
    expect(message).toContain('Weft did not make a new key');
    expect(fs.existsSync(keyFile())).toBe(false);
  });

  it('with WEFT_ENCRYPTION_KEY (hex or base64) writes no key file and needs that key from then on', async () => {
    const key = randomBytes(32);
    await (await startWeftAt(place(), { env: { WEFT_ENCRYPTION_KEY: key.toString('hex') } })).close();
    expect(fs.existsSync(keyFile())).toBe(false);
    await (await startWeftAt(place(), { env: { WEFT_ENCRYPTION_KEY: key.toString('base64') } })).close();
    expect(await startFails()).toContain('is missing');
  });
});
