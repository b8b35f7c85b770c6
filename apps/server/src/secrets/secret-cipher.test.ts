import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretCipher, SecretDecryptError } from './secret-cipher.js';

const key = randomBytes(32);
const cipher = new SecretCipher(key);

describe('SecretCipher', () => {
  it('round-trips text, unicode and 64 KB values', () => {
    for (const value of ['sk-live-1234567890', 'pässwörd 🔑 ключ', 'x'.repeat(64 * 1024)]) {
      expect(cipher.decrypt(cipher.encrypt(value, 'ctx'), 'ctx')).toBe(value);
    }
  });

  it('stores base64(iv 12 | tag 16 | ciphertext) with a fresh IV each time', () => {
    const a = cipher.encrypt('same value', 'ctx');
    const b = cipher.encrypt('same value', 'ctx');
    expect(a).not.toBe(b);
    const bytes = Buffer.from(a, 'base64');
    expect(bytes.length).toBe(12 + 16 + Buffer.byteLength('same value'));
    expect(bytes.toString('latin1')).not.toContain('same value');
    expect(Buffer.from(a, 'base64').subarray(0, 12).equals(Buffer.from(b, 'base64').subarray(0, 12))).toBe(false);
  });

  it('refuses another key, another context, and any changed byte', () => {
    const sealed = cipher.encrypt('top secret value', 'secret:user-a:1');
    expect(() => new SecretCipher(randomBytes(32)).decrypt(sealed, 'secret:user-a:1')).toThrow(SecretDecryptError);
    expect(() => cipher.decrypt(sealed, 'secret:user-b:1')).toThrow(SecretDecryptError);
    const bytes = Buffer.from(sealed, 'base64');
    for (const at of [0, 12, 28, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[at] = (tampered[at] as number) ^ 1;
      expect(() => cipher.decrypt(tampered.toString('base64'), 'secret:user-a:1')).toThrow(SecretDecryptError);
    }
    expect(() => cipher.decrypt('c2hvcnQ=', 'secret:user-a:1')).toThrow(/truncated/);
  });

  it('takes only 32-byte keys', () => {
    expect(() => new SecretCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
