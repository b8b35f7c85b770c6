import { describe, expect, it } from 'vitest';
import { assignLabels, baseLabel, nextLabel } from './labels';

describe('node labels (SPEC.md section 4)', () => {
  it('keeps the title for the first node and numbers duplicates from #2', () => {
    const first = nextLabel('Text Input', new Set(), {});
    expect(first.label).toBe('Text Input');
    const second = nextLabel('Text Input', new Set(['Text Input']), first.counters);
    expect(second.label).toBe('Text Input #2');
    const third = nextLabel('Text Input', new Set(['Text Input', 'Text Input #2']), second.counters);
    expect(third.label).toBe('Text Input #3');
  });

  it('counts on after a delete instead of reusing a number', () => {
    const counters = { 'Text Input': 2 };
    expect(nextLabel('Text Input', new Set(['Text Input']), counters).label).toBe('Text Input #3');
  });

  it('skips labels already on the canvas when the counter was reset by a load', () => {
    expect(nextLabel('Output', new Set(['Output', 'Output #2']), {}).label).toBe('Output #3');
  });

  it('numbers copies of a numbered label from its base', () => {
    expect(baseLabel('Merger #12')).toBe('Merger');
    expect(nextLabel('Merger #2', new Set(['Merger', 'Merger #2']), { Merger: 2 }).label).toBe('Merger #3');
  });

  it('gives several new nodes distinct labels', () => {
    const { labels, counters } = assignLabels(['A', 'A', 'B'], ['A'], {});
    expect(labels).toEqual(['A #2', 'A #3', 'B']);
    expect(counters).toEqual({ A: 3, B: 1 });
  });
});
