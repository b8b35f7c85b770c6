import { describe, expect, it } from 'vitest';
import { testDefinition as def } from '../store/test-definitions';
import { nodeGeometry } from './node-geometry';

describe('node geometry before measurement', () => {
  it('puts inputs on the left edge and outputs on the right, one 28 px row each', () => {
    const { width, height, handles } = nodeGeometry(def('merge'), { inputCount: 3 });
    expect(width).toBe(240);
    expect(handles.map((h) => [h.id, h.type, h.x])).toEqual([
      ['input-0', 'target', -5],
      ['input-1', 'target', -5],
      ['input-2', 'target', -5],
      ['output', 'source', 233],
    ]);
    const [first, second] = handles;
    expect((second?.y ?? 0) - (first?.y ?? 0)).toBe(28);
    // header, summary ("3 any inputs…"), ports block of three rows, borders
    expect(height).toBe(1 + 52 + 32 + 13 + 3 * 28 + 1);
  });

  it('leaves out the summary line when there is nothing to summarise', () => {
    expect(nodeGeometry(def('test.sink.text'), {}).height).toBe(1 + 52 + 13 + 28 + 1);
  });
});
