import { SECRET_MASK as MASK } from '@weft/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretMasker } from './secret-masker.js';

describe('createSecretMasker', () => {
  it('masks every occurrence of every value', () => {
    const { maskText } = createSecretMasker(['sk-live-abcdef', 'hunter22']);
    expect(maskText('key=sk-live-abcdef pass=hunter22 again sk-live-abcdef.')).toBe(`key=${MASK} pass=${MASK} again ${MASK}.`);
    expect(maskText('nothing here')).toBe('nothing here');
  });

  it('leaves no tail of a value that contains or overlaps another', () => {
    const { maskText } = createSecretMasker(['abcd', 'abcdefgh', 'ghijkl']);
    // Replacing "abcd" first would leave "efgh"; the longer value must win, and the
    // overlapping "ghijkl" must not leave "ijkl" behind.
    expect(maskText('<abcdefghijkl>')).toBe(`<${MASK}>`);
    expect(maskText('abcdabcd')).toBe(MASK);
    expect(createSecretMasker(['aaaa']).maskText('aaaaa b')).toBe(`${MASK} b`);
  });

  it('ignores values shorter than four characters', () => {
    const { maskText } = createSecretMasker(['a', '42', 'abc', '']);
    expect(maskText('a 42 abc')).toBe('a 42 abc');
  });

  it('finds values base64-encoded (at any alignment, standard or URL-safe), as hex and reversed', () => {
    const value = 'sk-live-9f8e7d6c5b4a?>';
    const { maskText } = createSecretMasker([value]);
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const hex = Buffer.from(value).toString('hex');
    for (const prefix of ['', 'u', 'us', 'user:', 'user:x']) {
      const encoded = base64(`${prefix}${value}`);
      const masked = maskText(`Authorization: Basic ${encoded}`);
      expect(masked).toContain(MASK);
      // What is left of the encoding beside the mask cannot be decoded back to the value.
      expect(Buffer.from(masked.replace('Authorization: Basic ', '').replace(MASK, ''), 'base64').toString()).not.toContain(value.slice(3, -3));
    }
    expect(maskText(Buffer.from(value).toString('base64url'))).not.toContain(Buffer.from(value).toString('base64url').slice(4, -4));
    expect(maskText(`hex ${hex} and ${hex.toUpperCase()}`)).toBe(`hex ${MASK} and ${MASK}`);
    expect(maskText(`reversed ${[...value].reverse().join('')}`)).toBe(`reversed ${MASK}`);
    expect(maskText('plain text with no secret in it')).toBe('plain text with no secret in it');
  });

  it('finds values as they appear inside JSON text and URLs', () => {
    const value = 'p"a\\ss\nw/rd&x=1';
    const { maskText } = createSecretMasker([value]);
    expect(maskText(JSON.stringify({ password: value }))).toBe(`{"password":"${MASK}"}`);
    expect(maskText(`https://example.com/?token=${encodeURIComponent(value)}`)).toBe(`https://example.com/?token=${MASK}`);
  });

  it('masks deep values: strings, keys, numbers, arrays, errors, without touching the input', () => {
    const { maskDeep } = createSecretMasker(['s3cr3t-token', '987654']);
    const error = Object.assign(new Error('auth failed for s3cr3t-token'), { code: 'E_AUTH', detail: { header: 'Bearer s3cr3t-token' } });
    const input = {
      list: ['s3cr3t-token', 1, true, null],
      'key-s3cr3t-token': 'x',
      pin: 987654,
      when: new Date(0),
      error,
    };
    const masked = maskDeep(input);
    expect(masked.list).toEqual([MASK, 1, true, null]);
    expect(Object.keys(masked)).toContain(`key-${MASK}`);
    expect(masked.pin).toBe(MASK);
    expect(masked.when).toBe(input.when);
    expect(masked.error).toBeInstanceOf(Error);
    expect(masked.error.message).toBe(`auth failed for ${MASK}`);
    expect(masked.error.stack).not.toContain('s3cr3t-token');
    expect((masked.error as unknown as { detail: { header: string } }).detail.header).toBe(`Bearer ${MASK}`);
    expect(JSON.stringify(input)).toContain('s3cr3t-token');
    expect(JSON.stringify(masked)).not.toContain('s3cr3t-token');
  });

  it('copes with cycles and keeps "__proto__" a plain key', () => {
    const { maskDeep } = createSecretMasker(['loop-secret']);
    const cyclic: Record<string, unknown> = { name: 'loop-secret' };
    cyclic.self = cyclic;
    const masked = maskDeep(cyclic);
    expect(masked.name).toBe(MASK);
    expect(masked.self).toBe(masked);
    const parsed = maskDeep(JSON.parse('{"__proto__":{"polluted":"loop-secret"}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns the very value when there is nothing to mask', () => {
    const value = { a: ['b'] };
    expect(createSecretMasker([]).maskDeep(value)).toBe(value);
    expect(createSecretMasker(['no']).maskDeep(value)).toBe(value);
  });

  it('property: no value of four characters or more survives in masked text', () => {
    // "•" is left out of the alphabet: a value containing the mask could be re-formed next to one.
    const char = fc.constantFrom(...'ab01-_xyz'.split(''));
    const secret = fc.string({ unit: char, minLength: 4, maxLength: 10 });
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 4 }),
        fc.array(fc.oneof(secret, fc.string({ unit: char, maxLength: 6 })), { maxLength: 12 }),
        (secrets, parts) => {
          const masked = createSecretMasker(secrets).maskText(parts.join(''));
          for (const value of secrets) expect(masked).not.toContain(value);
        },
      ),
      { numRuns: 500 },
    );
  });
});
