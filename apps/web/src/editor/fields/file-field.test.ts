import type { FileSummary } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { filesForField } from './file-field';

function file(name: string): FileSummary {
  return { id: name, name, mimeType: 'text/plain', size: 1, sha256: '', createdAt: '2026-01-01T00:00:00.000Z', usedBy: [] };
}

describe('file field', () => {
  it('offers the uploads whose names the accept list takes', () => {
    expect(filesForField([file('a.pdf'), file('b.png'), file('c.csv')], '.pdf,.csv').map((f) => f.name)).toEqual(['a.pdf', 'c.csv']);
  });
});
