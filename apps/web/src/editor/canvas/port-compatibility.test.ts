import { describe, expect, it } from 'vitest';
import { inputCompatibility, outputCompatibility } from './port-compatibility';

describe('port compatibility lists for the drag highlight', () => {
  it('lists what a text input takes directly and through a converter (SPEC.md section 5)', () => {
    expect(inputCompatibility('text')).toEqual({ direct: 'text any', converted: 'documents chunks results context json' });
  });

  it('lets an any input take everything directly', () => {
    expect(inputCompatibility('any').direct.split(' ')).toHaveLength(8);
    expect(inputCompatibility('any').converted).toBe('');
  });

  it('lets an Agent’s Tools input take only a Tool output, and a Tool output go only there', () => {
    expect(inputCompatibility('tool')).toEqual({ direct: 'tool', converted: '' });
    expect(outputCompatibility('tool')).toEqual({ direct: 'tool', converted: '' });
    expect(inputCompatibility('any').direct.split(' ')).not.toContain('tool');
  });

  it('lists where a documents output can go', () => {
    expect(outputCompatibility('documents')).toEqual({ direct: 'documents any', converted: 'text chunks' });
  });

  it('knows that nothing converts into documents', () => {
    expect(inputCompatibility('documents')).toEqual({ direct: 'documents any', converted: '' });
  });
});
