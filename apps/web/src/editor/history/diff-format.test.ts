import { diffWorkflows, emptyWorkflow } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { countChanges, formatDiffValue, formatEdge } from './diff-format';

describe('diff formatting', () => {
  it('shows values a person can read', () => {
    expect(formatDiffValue(undefined)).toBe('not set');
    expect(formatDiffValue('')).toBe('not set');
    expect(formatDiffValue('Hello')).toBe('Hello');
    expect(formatDiffValue(0.7)).toBe('0.7');
    expect(formatDiffValue({ retries: 2 })).toBe('{"retries":2}');
    expect(formatDiffValue('x'.repeat(500))).toHaveLength(240);
  });

  it('names connections by their ends and counts every change', () => {
    expect(formatEdge({ source: 'a', sourceLabel: 'Template 1', sourceHandle: 'output', target: 'b', targetLabel: 'LLM Chat', targetHandle: 'input' })).toBe(
      'Template 1 (output) → LLM Chat (input)',
    );
    const before = emptyWorkflow('A');
    const after = {
      ...emptyWorkflow('B'),
      nodes: [{ id: 'n', type: 'custom' as const, position: { x: 0, y: 0 }, data: { label: 'N', type: 't', config: {} } }],
    };
    expect(countChanges(diffWorkflows(before, after))).toBe(2);
    expect(countChanges(diffWorkflows(before, before))).toBe(0);
  });
});
