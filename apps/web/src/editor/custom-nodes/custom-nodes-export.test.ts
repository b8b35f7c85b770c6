import { describe, expect, it } from 'vitest';
import type { CustomNodeType } from '../../api/custom-nodes';
import { customNodesForExport } from './custom-nodes-export';

const node = (type: string, code = 'return 1;'): CustomNodeType => ({
  id: `id-${type}`,
  type,
  version: 3,
  title: 'Word count',
  category: 'Custom',
  description: 'Counts',
  inputs: [{ id: 'text', label: 'Text', type: 'text' }],
  outputs: [{ id: 'count', label: 'Count', type: 'json' }],
  config: [],
  code,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
});

describe('customNodesForExport', () => {
  it('carries the used custom types in the server export shape, and only those', () => {
    const mine = [node('custom.word-count'), node('custom.unused')];
    expect(customNodesForExport(['input.text', 'custom.word-count', 'custom.word-count', 'output'], mine)).toEqual([
      {
        type: 'custom.word-count',
        definition: {
          type: 'custom.word-count',
          version: 3,
          title: 'Word count',
          category: 'Custom',
          description: 'Counts',
          inputs: [{ id: 'text', label: 'Text', type: 'text' }],
          outputs: [{ id: 'count', label: 'Count', type: 'json' }],
          config: [],
        },
        code: 'return 1;',
      },
    ]);
  });

  it('carries nothing for a workflow of built-ins only', () => {
    expect(customNodesForExport(['input.text', 'output'], [node('custom.word-count')])).toEqual([]);
  });
});
