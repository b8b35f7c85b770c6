import { describe, expect, it } from 'vitest';
import { insertionMessage, requestBetween } from './connection-request';

describe('connection request from a drag', () => {
  it('reads a drag from an output forwards and from an input backwards', () => {
    const expected = { source: 'a', sourceHandle: 'out', target: 'b', targetHandle: 'in' };
    expect(requestBetween({ nodeId: 'a', id: 'out', type: 'source' }, { nodeId: 'b', id: 'in', type: 'target' })).toEqual(expected);
    expect(requestBetween({ nodeId: 'b', id: 'in', type: 'target' }, { nodeId: 'a', id: 'out', type: 'source' })).toEqual(expected);
  });

  it('ignores drops on a handle of the same kind or on nothing', () => {
    expect(requestBetween({ nodeId: 'a', id: 'out', type: 'source' }, { nodeId: 'b', id: 'o2', type: 'source' })).toBeNull();
    expect(requestBetween({ nodeId: 'a', id: 'out', type: 'source' }, null)).toBeNull();
  });

  it('names what was inserted', () => {
    expect(insertionMessage([{ kind: 'converter', label: 'Extract Text', detail: 'documents → text' }])).toBe(
      'Inserted the “Extract Text” converter (documents → text).',
    );
    expect(
      insertionMessage([
        { kind: 'converter', label: 'Extract Text', detail: 'documents → text' },
        { kind: 'merger', label: 'Merger', detail: 'the input was already connected' },
      ]),
    ).toBe('Inserted the “Extract Text” converter (documents → text) and a “Merger” node (the input was already connected).');
    expect(insertionMessage([])).toBeNull();
  });
});
