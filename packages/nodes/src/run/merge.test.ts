import { configIssues } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { mergerNode } from '../merger.node.js';
import { nodeHarness } from './node-test-kit.js';

describe('Merger run', () => {
  const node = nodeHarness(mergerNode);

  it('joins text inputs in order with blank lines, leaving out inputs that did not arrive', async () => {
    const result = await node.run({
      inputs: { 'input-2': 'third', 'input-0': 'first' },
      config: { dataType: 'text', mergeStrategy: 'concat', inputCount: 3 },
    });
    expect(result).toEqual({ outputs: { output: 'first\n\nthird' } });
  });

  it('concatenates lists', async () => {
    const a = { text: 'a', metadata: {} };
    const b = { text: 'b', metadata: {} };
    const result = await node.run({ inputs: { 'input-0': [a], 'input-1': [b] }, config: { dataType: 'chunks', inputCount: 2 } });
    expect(result.outputs.output).toEqual([a, b]);
  });

  it('reads only as many inputs as inputCount says', async () => {
    const result = await node.run({ inputs: { 'input-0': 1, 'input-1': 2, 'input-2': 3 }, config: { dataType: 'any', inputCount: 2 } });
    expect(result.outputs.output).toEqual([1, 2]);
  });

  it('has an unknown strategy or data type refused before the run', () => {
    expect(configIssues(mergerNode, { mergeStrategy: 'zip', dataType: 'image' }).map((issue) => issue.key)).toEqual(['dataType', 'mergeStrategy']);
  });
});
