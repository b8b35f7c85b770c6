import { describe, expect, it } from 'vitest';
import { testDefinition as def } from '../store/test-definitions';
import { nodeSummary } from './node-summary';

describe('node summary line', () => {
  it('shows a converter as its conversion', () => {
    expect(nodeSummary(def('convert'), { sourceType: 'documents', targetType: 'text' })).toBe('documents → text');
  });

  it('shows a merger with its input count and type', () => {
    expect(nodeSummary(def('merge'), { inputCount: 3, dataType: 'text' })).toBe('3 text inputs, concatenated');
  });

  it('shows the first filled-in text on one line, shortened', () => {
    expect(nodeSummary(def('input.text'), { text: '  Hello\n  world ' })).toBe('Hello world');
    expect(nodeSummary(def('input.text'), { text: 'x'.repeat(200) })).toHaveLength(90);
    expect(nodeSummary(def('input.text'), { text: '' })).toBeNull();
  });
});
