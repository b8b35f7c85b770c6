import { describe, expect, it } from 'vitest';
import { outputNode } from '../output.node.js';
import { nodeHarness } from './node-test-kit.js';
import { outputFormat } from './output.js';

describe('Output run', () => {
  const node = nodeHarness(outputNode);

  it('passes nothing on (the engine takes its inputs as the run outputs)', async () => {
    expect(await node.run({ inputs: { input: 'answer' }, config: { format: 'markdown' } })).toEqual({ outputs: {} });
  });

  it('reads its format, text by default', () => {
    expect(outputFormat({ format: 'json' })).toBe('json');
    expect(outputFormat({})).toBe('text');
  });

  it('fails on a format it does not know, naming the choices', async () => {
    await expect(node.run({ config: { format: 'html' } })).rejects.toThrow('Display as "html" is not one of text, markdown, json');
  });
});
