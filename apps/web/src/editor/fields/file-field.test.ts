import type { FileSummary } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { filesForField, isInlineFileValue, uploadIdOf } from './file-field';

function file(name: string): FileSummary {
  return { id: name, name, mimeType: 'text/plain', size: 1, sha256: '', createdAt: '2026-01-01T00:00:00.000Z', usedBy: [] };
}

describe('file field', () => {
  it('reads the upload id from the stored value', () => {
    expect(uploadIdOf('0b7c…id')).toBe('0b7c…id');
    expect(uploadIdOf({ id: ' f-1 ', name: 'a.pdf' })).toBe('f-1');
    expect(uploadIdOf('  ')).toBeUndefined();
    expect(uploadIdOf({ name: 'a', size: 1, content: 'x' })).toBeUndefined();
    expect(uploadIdOf(undefined)).toBeUndefined();
  });

  it('recognises what an older editor stored inline', () => {
    expect(isInlineFileValue({ name: 'a', size: 1, content: 'x' })).toBe(true);
    expect(isInlineFileValue({ name: 'a' })).toBe(false);
    expect(isInlineFileValue('a')).toBe(false);
    expect(isInlineFileValue(null)).toBe(false);
  });

  it('offers the uploads whose names the accept list takes', () => {
    expect(filesForField([file('a.pdf'), file('b.png'), file('c.csv')], '.pdf,.csv').map((f) => f.name)).toEqual(['a.pdf', 'c.csv']);
  });
});
