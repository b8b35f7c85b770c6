import { describe, expect, it } from 'vitest';
import { conditionNode } from '../condition.node.js';
import { nodeHarness } from './node-test-kit.js';

describe('Condition run', () => {
  it('passes the input unchanged to the true output only', async () => {
    const node = nodeHarness(conditionNode);
    const order = { status: 'paid', total: 120 };
    const result = await node.run({ inputs: { input: order }, config: { field: 'total', operator: 'greaterThan', value: '100' } });
    expect(result).toEqual({ outputs: { true: order } });
    expect(node.logs).toEqual([{ level: 'info', message: 'field "total" (120) is greater than "100" → true' }]);
  });

  it('passes it to the false output only when the test fails', async () => {
    const node = nodeHarness(conditionNode);
    const result = await node.run({ inputs: { input: 'no' }, config: { operator: 'equals', value: 'yes' } });
    expect(result).toEqual({ outputs: { false: 'no' } });
    expect(node.logs[0]?.message).toBe('input (no) equals "yes" → false');
  });

  it('reads a field of text holding JSON, and treats other text as having no fields', async () => {
    const node = nodeHarness(conditionNode);
    const json = '{"items":[{"name":"Widget"}]}';
    expect(await node.run({ inputs: { input: json }, config: { field: 'items.0.name', operator: 'equals', value: 'widget' } })).toEqual({
      outputs: { true: json },
    });
    expect(await node.run({ inputs: { input: 'plain text' }, config: { field: 'name', operator: 'isEmpty' } })).toEqual({ outputs: { true: 'plain text' } });
    expect(node.logs.at(-1)?.message).toBe('field "name" (missing) is empty → true');
  });

  it('honours case sensitivity', async () => {
    const node = nodeHarness(conditionNode);
    expect((await node.run({ inputs: { input: 'Yes' }, config: { operator: 'equals', value: 'yes', caseSensitive: true } })).outputs).toEqual({ false: 'Yes' });
  });

  it('defaults to equals on the whole input', async () => {
    const node = nodeHarness(conditionNode);
    expect((await node.run({ inputs: { input: '' }, config: {} })).outputs).toEqual({ true: '' });
  });

  it('refuses an unknown operator, naming the choices', async () => {
    await expect(nodeHarness(conditionNode).run({ inputs: { input: 1 }, config: { operator: 'matches' } })).rejects.toThrow(
      'Operator must be one of equals, notEquals, contains, notContains',
    );
  });
});
