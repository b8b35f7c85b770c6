import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { fsyncDir } from '../db/data-dir.js';
import { KEY_BYTES } from './secret-cipher.js';

export const KEY_FILE_NAME = 'encryption.key';

/** How to make a key, for every message that asks the operator for one. */
export const KEY_FORMAT_HELP =
  'A key is 32 random bytes written as base64 (44 characters; make one with `openssl rand -base64 32`) or as 64 hex characters (`openssl rand -hex 32`).';

/** A key that is malformed, missing or does not open this database: Weft must not start. */
export class EncryptionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EncryptionKeyError';
  }
}

const HEX = /^[0-9a-fA-F]{64}$/;
// Standard or URL-safe alphabet, padding optional: what `openssl rand -base64 32` and friends print.
const BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Reads a 32-byte key written as 64 hex characters or as base64. `source` names where the
 * text came from for the error; the text itself never appears in a message.
 */
export function parseEncryptionKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  if (HEX.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (BASE64.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new EncryptionKeyError(`${source} is not a valid encryption key (${trimmed.length} characters). ${KEY_FORMAT_HELP}`);
}

export function generateEncryptionKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** The form Weft writes keys in (key files, the key `weft rotate-key` prints). */
export function formatEncryptionKey(key: Buffer): string {
  return key.toString('base64');
}

export function keyFilePath(dataDir: string): string {
  return path.join(dataDir, KEY_FILE_NAME);
}

/** The key in `file`, or undefined when there is no such file. Warns when others may read it. */
export function readKeyFile(file: string, logger: Logger): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new EncryptionKeyError(`Cannot read the encryption key file ${file}: ${(error as Error).message}`);
  }
  warnIfReadableByOthers(file, logger);
  return parseEncryptionKey(text, `The key file ${file}`);
}

/**
 * Makes a new key and writes it to `file` with mode 0600. Exclusive create: when another
 * process sharing the folder got there first, its key wins and is returned.
 */
export function createKeyFile(file: string, logger: Logger): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = generateEncryptionKey();
  try {
    // Whole and on disk before it has its name: written and synced under a temporary name,
    // then linked (which fails if another process made the file first) and the folder
    // synced. A power cut on a first start leaves no key file or the whole key, never an
    // empty one beside a database whose secrets were sealed with it.
    const temporary = writeSyncedTemporary(file, `${formatEncryptionKey(key)}\n`);
    try {
      fs.linkSync(temporary, file);
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    fsyncDir(path.dirname(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = readKeyFile(file, logger);
    if (existing) return existing;
    throw error;
  }
  logger.info({ file }, 'Created a new encryption key for secrets; back it up with the database');
  return key;
}

/**
 * Writes `content` to `file` with mode 0600 through a temporary file and a rename, so
 * that a crash leaves either the old file or the whole new one, never half a key.
 */
export function writePrivateFileAtomically(file: string, content: string): void {
  const temporary = writeSyncedTemporary(file, content);
  try {
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  fsyncDir(path.dirname(file));
}

/** `content` in a new 0600 file beside `file`, flushed to disk; answers its path. */
function writeSyncedTemporary(file: string, content: string): string {
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return temporary;
}

/** Mode bits are meaningless on Windows; elsewhere a key readable by group or others is a leak. */
export function warnIfReadableByOthers(file: string, logger: Logger): void {
  if (process.platform === 'win32') return;
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  const octal = mode.toString(8).padStart(4, '0');
  logger.warn({ file, mode: octal }, `The encryption key file ${file} has mode ${octal}: other users on this machine can read it. Run: chmod 600 ${file}`);
}
