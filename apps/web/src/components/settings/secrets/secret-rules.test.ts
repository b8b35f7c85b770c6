import { describe, expect, it } from 'vitest';
import { maskedValue, secretNameError, secretValueError, secretValueNote } from './secret-rules';

describe('secretNameError', () => {
  it('accepts identifiers', () => {
    for (const name of ['OPENAI_API_KEY', '_private', 'a', 'Key2', `A${'b'.repeat(99)}`]) expect(secretNameError(name)).toBeNull();
  });

  it.each([
    ['', 'Enter a name'],
    ['2FA_CODE', 'A name cannot start with a digit'],
    ['MY KEY', 'Spaces are not allowed: use letters, digits and _ (e.g. OPENAI_API_KEY)'],
    ['my-key', '"-" is not allowed: use letters, digits and _ (e.g. OPENAI_API_KEY)'],
    ['clé', '"é" is not allowed: use letters, digits and _ (e.g. OPENAI_API_KEY)'],
    [`A${'b'.repeat(100)}`, 'A name can be at most 100 characters'],
  ])('refuses %j', (name, message) => {
    expect(secretNameError(name)).toBe(message);
  });

  it('refuses a name the user already has, case-sensitively', () => {
    expect(secretNameError('TOKEN', ['TOKEN', 'OTHER'])).toBe('You already have a secret named TOKEN');
    expect(secretNameError('token', ['TOKEN'])).toBeNull();
  });
});

describe('secretValueError and secretValueNote', () => {
  it('needs a value of at most 64 KB in UTF-8', () => {
    expect(secretValueError('')).toBe('Enter a value');
    expect(secretValueError('x'.repeat(64 * 1024))).toBeNull();
    // 32,769 two-byte characters: under 64 K characters, over 64 KB.
    expect(secretValueError('é'.repeat(32 * 1024 + 1))).toBe('A secret value can be at most 64 KB');
  });

  it('notes values too short to be masked in logs', () => {
    expect(secretValueNote('')).toBeNull();
    expect(secretValueNote('abc')).toBe('Values under 4 characters are not hidden in run logs.');
    expect(secretValueNote('🔑🔑🔑')).not.toBeNull();
    expect(secretValueNote('abcd')).toBeNull();
  });
});

describe('display helpers', () => {
  it('shows the mask and the last four', () => {
    expect(maskedValue('WXYZ')).toBe('••••WXYZ');
    expect(maskedValue('')).toBe('••••');
  });
});
