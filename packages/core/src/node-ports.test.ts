import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './node-definition.js';
import { inputPorts } from './node-ports.js';
import { TEST_MERGER } from './test-definitions.js';

// Four inputs at most, so clamping shows in a short list.
const merger: NodeDefinition = { ...TEST_MERGER, variableInputs: { countKey: 'inputCount', idPrefix: 'input-', labelPrefix: 'Input ', min: 2, max: 4 } };

describe('inputPorts', () => {
  it.each([
    [{ inputCount: 3 }, ['input-0', 'input-1', 'input-2']],
    [{}, ['input-0', 'input-1']],
    [{ inputCount: 'three' }, ['input-0', 'input-1']],
    [{ inputCount: 2.5 }, ['input-0', 'input-1']],
    [{ inputCount: 1 }, ['input-0', 'input-1']],
    [{ inputCount: 99 }, ['input-0', 'input-1', 'input-2', 'input-3']],
  ])('expands variable inputs for config %j', (config, ids) => {
    expect(inputPorts(merger, config).map((p) => p.id)).toEqual(ids);
  });

  it('labels generated ports from 1 and keeps the declared type', () => {
    expect(inputPorts(merger, { inputCount: 3 })[2]).toEqual({ id: 'input-2', label: 'Input 3', type: 'any', typeFrom: 'dataType' });
  });

  it('returns the declared inputs of a fixed definition whatever the config', () => {
    const fixed: NodeDefinition = { ...merger, variableInputs: undefined, inputs: [{ id: 'in', label: 'In', type: 'text' }] };
    expect(inputPorts(fixed, { inputCount: 5 })).toBe(fixed.inputs);
  });
});
