import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
/** 96-bit IVs are what GCM is specified for; random ones are safe far beyond our volumes. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** A stored value did not authenticate: wrong key, or the bytes or their context changed. */
export class SecretDecryptError extends Error {
  constructor(message = 'A stored secret could not be decrypted with the current encryption key.') {
    super(message);
    this.name = 'SecretDecryptError';
  }
}

/**
 * AES-256-GCM through node:crypto. A stored value is base64(iv | tag | ciphertext), as the
 * `secrets.ciphertext` column documents. `context` is bound in as additional authenticated
 * data (the row a value belongs to), so a ciphertext copied into another row, or another
 * user's, fails to decrypt instead of handing over the value.
 */
export class SecretCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`An encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
    // A private copy: the caller's buffer may be reused or zeroed.
    this.key = Buffer.from(key);
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** Throws SecretDecryptError when the key, the bytes or the context do not match. */
  decrypt(payload: string, context: string): string {
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptError('A stored secret is truncated or not in the expected format.');
    const iv = bytes.subarray(0, IV_BYTES);
    const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptError();
    }
  }
}
