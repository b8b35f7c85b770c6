import { describe, expect, it } from 'vitest';
import { textInputNode } from '../text-input.node.js';
import { nodeHarness } from './node-test-kit.js';

describe('Text Input run', () => {
  const node = nodeHarness(textInputNode);

  it('emits its text', async () => {
    expect(await node.run({ config: { text: 'Hello', askOnRun: false } })).toEqual({ outputs: { output: 'Hello' } });
  });

  it('ignores a run input unless it asks on run', async () => {
    expect(await node.run({ config: { text: 'typed' }, runInput: 'given' })).toEqual({ outputs: { output: 'typed' } });
  });

  it('emits the run input when it asks on run: text as is, other values as JSON text', async () => {
    expect(await node.run({ config: { text: 'typed', askOnRun: true }, runInput: 'given' })).toEqual({ outputs: { output: 'given' } });
    expect(await node.run({ config: { askOnRun: true }, runInput: { order: 7, items: ['a'] } })).toEqual({ outputs: { output: '{"order":7,"items":["a"]}' } });
    expect(await node.run({ config: { askOnRun: true }, runInput: 0 })).toEqual({ outputs: { output: '0' } });
  });

  it('falls back to its text when a run gives no input', async () => {
    expect(await node.run({ config: { text: 'default', askOnRun: true } })).toEqual({ outputs: { output: 'default' } });
  });

  it('emits empty text for a config without text', async () => {
    expect(await node.run({ config: {} })).toEqual({ outputs: { output: '' } });
  });
});
