import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../test-support/log-capture.js';
import { createKeyFile, EncryptionKeyError, parseEncryptionKey, readKeyFile, writePrivateFileAtomically } from './encryption-key.js';

const silent = pino({ level: 'silent' });
const folders: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-key-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('parseEncryptionKey', () => {
  const key = randomBytes(32);

  it('reads base64 (standard, URL-safe, unpadded) and hex', () => {
    for (const text of [
      key.toString('base64'),
      key.toString('base64url'),
      key.toString('base64').replace('=', ''),
      key.toString('hex'),
      ` ${key.toString('hex').toUpperCase()}\n`,
    ]) {
      expect(parseEncryptionKey(text, 'WEFT_ENCRYPTION_KEY').equals(key)).toBe(true);
    }
  });

  it('refuses anything else, explaining the format without echoing the text', () => {
    const wrong = [
      'hunter2-my-password',
      randomBytes(16).toString('base64'),
      randomBytes(31).toString('hex'),
      `${key.toString('hex')}00`,
      randomBytes(33).toString('base64'),
    ];
    for (const text of wrong) {
      let error: unknown;
      try {
        parseEncryptionKey(text, 'WEFT_ENCRYPTION_KEY');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EncryptionKeyError);
      const message = (error as Error).message;
      expect(message).toContain('WEFT_ENCRYPTION_KEY is not a valid encryption key');
      expect(message).toContain('openssl rand -base64 32');
      expect(message).not.toContain(text);
    }
  });
});

describe('key files', () => {
  it('creates a key file with mode 0600 and reads the same key back', () => {
    const file = path.join(tempDir(), 'nested', 'encryption.key');
    const key = createKeyFile(file, silent);
    if (process.platform !== 'win32') expect(modeOf(file)).toBe(0o600);
    expect(readKeyFile(file, silent)?.equals(key)).toBe(true);
  });

  it('keeps the first key when the file appears meanwhile (exclusive create)', () => {
    const file = path.join(tempDir(), 'encryption.key');
    const first = createKeyFile(file, silent);
    expect(createKeyFile(file, silent).equals(first)).toBe(true);
  });

  it('answers undefined for a missing file and names the file for a broken one', () => {
    const dir = tempDir();
    expect(readKeyFile(path.join(dir, 'absent.key'), silent)).toBeUndefined();
    const broken = path.join(dir, 'encryption.key');
    fs.writeFileSync(broken, 'not a key', { mode: 0o600 });
    expect(() => readKeyFile(broken, silent)).toThrow(`The key file ${broken} is not a valid encryption key`);
  });

  it.skipIf(process.platform === 'win32')('warns when group or others can read the key file', () => {
    const file = path.join(tempDir(), 'encryption.key');
    createKeyFile(file, silent);
    const quiet = captureLogs('info');
    readKeyFile(file, quiet.logger);
    expect(quiet.lines.filter((l) => l.includes('chmod'))).toEqual([]);
    fs.chmodSync(file, 0o644);
    const loud = captureLogs('info');
    readKeyFile(file, loud.logger);
    const warning = loud.lines.find((l) => l.includes('chmod 600'));
    expect(warning).toContain('0644');
    expect(JSON.parse(warning as string).level).toBe(40);
  });

  it('writes private files atomically with mode 0600, replacing what was there', () => {
    const file = path.join(tempDir(), 'encryption.key.old');
    fs.writeFileSync(file, 'before', { mode: 0o644 });
    writePrivateFileAtomically(file, 'after\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('after\n');
    if (process.platform !== 'win32') expect(modeOf(file)).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['encryption.key.old']);
  });
});
