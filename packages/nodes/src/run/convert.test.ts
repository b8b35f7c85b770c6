import { describe, expect, it } from 'vitest';
import { converterNode } from '../converter.node.js';
import { nodeHarness } from './node-test-kit.js';

describe('Type Converter run', () => {
  const node = nodeHarness(converterNode);

  it('converts between the configured types', async () => {
    const docs = [
      { text: 'One.', metadata: {} },
      { text: 'Two.', metadata: {} },
    ];
    expect(await node.run({ inputs: { input: docs }, config: { sourceType: 'documents', targetType: 'text' } })).toEqual({
      outputs: { output: 'One.\n\nTwo.' },
    });
    expect(await node.run({ inputs: { input: 'what?' }, config: { sourceType: 'text', targetType: 'query' } })).toEqual({
      outputs: { output: { text: 'what?' } },
    });
  });

  it('passes the value on when both types are the same', async () => {
    expect(await node.run({ inputs: { input: { a: 1 } }, config: { sourceType: 'json', targetType: 'json' } })).toEqual({ outputs: { output: { a: 1 } } });
  });

  it('fails clearly without types or for a pair with no conversion', async () => {
    await expect(node.run({ inputs: { input: 'x' }, config: { sourceType: 'text' } })).rejects.toThrow(
      'The converter needs a data type in From and To (it has text → none)',
    );
    await expect(node.run({ inputs: { input: 'x' }, config: { sourceType: 'text', targetType: 'documents' } })).rejects.toThrow(
      'There is no conversion from text to documents',
    );
  });
});
