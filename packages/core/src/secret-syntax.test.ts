import { describe, expect, it } from 'vitest';
import { isSecretName, SECRET_NAME_MAX, secretNameOf, secretNamesIn, secretReference } from './secret-syntax.js';

describe('secret names', () => {
  it('takes identifiers up to the length limit', () => {
    expect(['OPENAI_API_KEY', '_x', 'a1'].map(isSecretName)).toEqual([true, true, true]);
    expect(['', '1KEY', 'MY KEY', 'my-key', 'ключ'].map(isSecretName)).toEqual([false, false, false, false, false]);
    expect(isSecretName('K'.repeat(SECRET_NAME_MAX))).toBe(true);
    expect(isSecretName('K'.repeat(SECRET_NAME_MAX + 1))).toBe(false);
  });
});

describe('secret references', () => {
  it('writes and reads back a reference', () => {
    expect(secretReference('OPENAI_KEY')).toBe('{{secrets.OPENAI_KEY}}');
    expect(secretNameOf(secretReference('OPENAI_KEY'))).toBe('OPENAI_KEY');
    expect(secretNameOf('  {{ secrets.A }} ')).toBe('A');
  });

  it('reads any name of a whole reference, and nothing else', () => {
    expect(secretNameOf('{{secrets.my key}}')).toBe('my key');
    expect(secretNameOf('{{secrets.}}')).toBeNull();
    expect(secretNameOf('sk-123')).toBeNull();
    expect(secretNameOf('Bearer {{secrets.A}}')).toBeNull();
    expect(secretNameOf(undefined)).toBeNull();
  });

  it('finds the well-formed references inside a text, each name once', () => {
    expect(secretNamesIn('Bearer {{secrets.A}} and {{ secrets.B }}, {{secrets.A}}, {{secrets.bad name}}, {{params.C}}')).toEqual(['A', 'B']);
    expect(secretNamesIn('no placeholders')).toEqual([]);
  });
});
