import { describe, expect, it } from 'vitest';
import { testDefinition } from '../store/test-definitions';
import type { EditorNode } from '../store/types';
import { canvasBoxes, newNodeSpot } from './new-node-spot';

const SIZE = { width: 240, height: 110 };
const box = (x: number, y: number, height = 110) => ({ x, y, width: 240, height });

describe('where a new node lands', () => {
  it('after a node: to its right, level with it, on the grid', () => {
    //   [a] ── 60 ── [new]
    expect(newNodeSpot({ after: box(0, 0) }, SIZE, [box(0, 0)])).toEqual({ x: 300, y: 0 });
  });

  it('after a node whose right is taken: just below what is there', () => {
    //   [a] [b]        b sits where the new node would go
    //       [new]
    expect(newNodeSpot({ after: box(0, 0) }, SIZE, [box(0, 0), box(300, 0)])).toEqual({ x: 300, y: 135 });
  });

  it('around a point: centred on it when free', () => {
    expect(newNodeSpot({ around: { x: 600, y: 300 } }, SIZE, [box(0, 0)])).toEqual({ x: 480, y: 240 });
  });

  it('around a point on a card: beside it, never on it', () => {
    //   dropped on the middle of [a]: the nearest way out is below it (110 tall, 240 wide)
    expect(newNodeSpot({ around: { x: 120, y: 55 } }, SIZE, [box(0, 0)])).toEqual({ x: 0, y: 135 });
    // Clicked five times at one point: five spots, none touching another.
    const boxes = [box(0, 0)];
    for (let i = 0; i < 5; i++) {
      const spot = newNodeSpot({ around: { x: 120, y: 55 } }, SIZE, boxes);
      expect(boxes.some((b) => spot.x < b.x + b.width && b.x < spot.x + 240 && spot.y < b.y + b.height && b.y < spot.y + 110)).toBe(false);
      boxes.push({ ...spot, ...SIZE });
    }
  });

  it('counts nodes at their measured size, else at the size their card draws', () => {
    const node = (id: string, type: string, measured?: { width: number; height: number }): EditorNode => ({
      id,
      type: 'custom',
      position: { x: 10, y: 20 },
      data: { label: id, type, config: {}, status: 'idle' },
      ...(measured ? { measured } : {}),
    });
    const definitions = new Map([['input.text', testDefinition('input.text')]]);
    const [measured, drawn, unknown] = canvasBoxes(
      [node('a', 'input.text', { width: 240, height: 300 }), node('b', 'input.text'), node('c', 'nope')],
      definitions,
    );
    expect(measured).toEqual({ x: 10, y: 20, width: 240, height: 300 });
    expect(drawn?.height).toBeGreaterThan(53);
    expect(unknown).toEqual({ x: 10, y: 20, width: 240, height: 110 });
  });
});
