import { describe, expect, it } from 'vitest';
import { TEST_DEFINITIONS } from '../store/test-definitions';
import type { EditorNode } from '../store/types';
import { toFlowNode } from './flow-nodes';

const merger = TEST_DEFINITIONS.find((d) => d.type === 'merge');
const node = (measured?: { width: number; height: number }): EditorNode => ({
  id: 'm',
  type: 'custom',
  position: { x: 0, y: 0 },
  data: { label: 'Merger', type: 'merge', config: { inputCount: 2 }, status: 'idle' },
  ...(measured ? { measured } : {}),
});

describe('nodes as React Flow gets them', () => {
  it('gives an unmeasured node its estimated size and handles, the same object each time', () => {
    const stored = node();
    const flow = toFlowNode(stored, merger);
    expect(flow).toMatchObject({ initialWidth: 240, handles: [{ id: 'input-0' }, { id: 'input-1' }, { id: 'output' }] });
    expect(toFlowNode(stored, merger)).toBe(flow);
  });

  it('passes measured nodes and nodes of unknown types through unchanged', () => {
    const measured = node({ width: 240, height: 150 });
    expect(toFlowNode(measured, merger)).toBe(measured);
    const unknown = node();
    expect(toFlowNode(unknown, undefined)).toBe(unknown);
  });
});
