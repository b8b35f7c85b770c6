import { describe, expect, it } from 'vitest';
import { safeFileName } from './download';

describe('safeFileName', () => {
  it('keeps ordinary names, spaces and accents', () => {
    expect(safeFileName('Daily summary – Café')).toBe('Daily summary – Café');
  });

  it('replaces characters that file systems refuse', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
  });

  it('falls back when nothing usable is left', () => {
    expect(safeFileName('   ')).toBe('workflow');
    expect(safeFileName('...')).toBe('workflow');
  });
});
