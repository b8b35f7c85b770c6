import { describe, expect, it } from 'vitest';
import { templateNode } from '../template.node.js';
import { nodeHarness } from './node-test-kit.js';

describe('Template run', () => {
  const node = nodeHarness(templateNode, { params: { audience: 'children', limits: { words: 50 } } });

  it('fills {{input}} and {{params.x}}, following dotted paths', async () => {
    const result = await node.run({
      inputs: { input: 'the moon' },
      config: { template: 'Explain {{input}} to {{ params.audience }} in {{params.limits.words}} words.' },
    });
    expect(result).toEqual({ outputs: { output: 'Explain the moon to children in 50 words.' } });
  });

  it('writes a JSON input as JSON and reads into it', async () => {
    const result = await node.run({ inputs: { input: { name: 'Ada', tags: ['x'] } }, config: { template: '{{input.name}}: {{input.tags}}' } });
    expect(result.outputs.output).toBe('Ada: ["x"]');
  });

  it('uses {{input}} as the template when none is configured', async () => {
    expect((await node.run({ inputs: { input: 'as is' } })).outputs.output).toBe('as is');
  });

  it('stops with an error naming a missing parameter by default', async () => {
    await expect(node.run({ inputs: { input: 'x' }, config: { template: 'Hi {{params.name}}' } })).rejects.toThrow(
      'Nothing to fill {{params.name}} in the template: the workflow has no parameter "name"',
    );
  });

  it('says the input is not connected when {{input}} has no value', async () => {
    await expect(node.run({ config: { template: '{{input}}', onMissing: 'error' } })).rejects.toThrow(
      "Nothing to fill {{input}} in the template: no value arrived on the node's input (is it connected?)",
    );
    await expect(node.run({ inputs: { input: { a: 1 } }, config: { template: '{{input.b.c}}' } })).rejects.toThrow('the input has no "b.c"');
  });

  it('inserts nothing or keeps the placeholder when asked', async () => {
    const template = 'Hi {{params.name}}!';
    expect((await node.run({ config: { template, onMissing: 'empty' } })).outputs.output).toBe('Hi !');
    expect((await node.run({ config: { template, onMissing: 'keep' } })).outputs.output).toBe('Hi {{params.name}}!');
  });

  it('never evaluates what is between the braces', async () => {
    const template = '{{ 1 + 1 }} {{input.constructor}}';
    expect((await node.run({ inputs: { input: 'x' }, config: { template, onMissing: 'keep' } })).outputs.output).toBe(template);
  });

  it('refuses an unknown onMissing setting', async () => {
    await expect(node.run({ config: { onMissing: 'ignore' } })).rejects.toThrow('When a placeholder has no value must be one of error, empty, keep');
  });

  it('fills {{context}} with the passages of a Context input, sources included', async () => {
    const context = { text: '[1] Leave is 25 days.\n(source: handbook.md)', sources: ['handbook.md'] };
    const result = await node.run({ inputs: { input: 'How much leave?', context }, config: { template: 'Q: {{input}}\n{{context}}' } });
    expect(result.outputs.output).toBe('Q: How much leave?\n[1] Leave is 25 days.\n(source: handbook.md)');
  });

  it('says the Context input is empty when {{context}} has no value', async () => {
    await expect(node.run({ inputs: { input: 'x' }, config: { template: '{{context}}' } })).rejects.toThrow(
      'Nothing to fill {{context}} in the template: nothing arrived on the Context input (is a Retriever connected?)',
    );
  });
});
