import { configIssues } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { outputNode } from '../output.node.js';
import { nodeHarness } from './node-test-kit.js';

describe('Output run', () => {
  const node = nodeHarness(outputNode);

  it('passes nothing on (the engine takes its inputs as the run outputs)', async () => {
    expect(await node.run({ inputs: { input: 'answer' }, config: { format: 'markdown' } })).toEqual({ outputs: {} });
  });

  it('has a format it does not know refused before the run, naming the choices', () => {
    expect(configIssues(outputNode, { format: 'html' })).toEqual([{ key: 'format', message: 'Display as must be one of text, markdown, json' }]);
  });
});
