import { describe, expect, it } from 'vitest';
import { currentFileValue, fileIdOf, inlineFileOf } from './file-value.js';

describe('fileIdOf', () => {
  it('reads the id in every spelling a stored workflow may hold, trimmed', () => {
    expect(fileIdOf('f6c1d0e2')).toBe('f6c1d0e2');
    expect(fileIdOf(' f6c1d0e2 ')).toBe('f6c1d0e2');
    expect(fileIdOf({ id: ' f-1 ', name: 'a.pdf' })).toBe('f-1');
    expect(fileIdOf({ fileId: 'f-2' })).toBe('f-2');
    expect(fileIdOf({ id: '', fileId: 'f-3' })).toBe('f-3');
  });

  it('finds no id in a blank value, an inline file or anything else', () => {
    for (const value of ['', '  ', undefined, null, 42, ['f-1'], { id: ' ' }, { name: 'a.txt', content: 'x' }]) {
      expect(fileIdOf(value)).toBeUndefined();
    }
  });
});

describe('inlineFileOf', () => {
  it('recognises the text an older editor kept in the workflow', () => {
    expect(inlineFileOf({ name: 'a.txt', content: 'x', size: 1 })).toEqual({ name: 'a.txt', content: 'x', size: 1 });
    expect(inlineFileOf({ name: 'a.txt', content: 'x' })).toEqual({ name: 'a.txt', content: 'x' });
  });

  it('takes an upload id over inline text, and nothing else for inline', () => {
    expect(inlineFileOf({ id: 'f-1', name: 'a.txt', content: 'x' })).toBeUndefined();
    expect(inlineFileOf({ name: 'a.txt' })).toBeUndefined();
    expect(inlineFileOf('a.txt')).toBeUndefined();
    expect(inlineFileOf(null)).toBeUndefined();
  });
});

describe('currentFileValue', () => {
  it('turns every spelling of an id into the id, and leaves what holds none as it is', () => {
    expect(currentFileValue({ fileId: ' f-2 ' })).toBe('f-2');
    expect(currentFileValue({ id: 'f-1', name: 'a.pdf' })).toBe('f-1');
    expect(currentFileValue(' f-3')).toBe('f-3');
    const inline = { name: 'a.txt', content: 'x' };
    expect(currentFileValue(inline)).toBe(inline);
    expect(currentFileValue('')).toBe('');
    expect(currentFileValue(42)).toBe(42);
  });
});
