import type { PortDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { outputsFromResult } from './custom-node-executor.js';

const port = (id: string): PortDefinition => ({ id, label: id, type: 'json' });
const one = [port('count')];
const two = [port('yes'), port('no')];

describe('outputsFromResult', () => {
  it.each([
    ['an object keyed by the port', { count: 3 }, { count: 3 }],
    ['a number', 3, { count: 3 }],
    ['text', 'three', { count: 'three' }],
    ['a list', [1, 2], { count: [1, 2] }],
    ['an object without the port id, whole', { words: 3, chars: 13 }, { count: { words: 3, chars: 13 } }],
    ['nothing, as null', undefined, { count: null }],
    ['null', null, { count: null }],
  ])('with one output, takes %s', (_what, result, outputs) => {
    expect(outputsFromResult(one, result)).toEqual(outputs);
  });

  it('with several outputs, sets the ports named and leaves the others as branches not taken', () => {
    expect(outputsFromResult(two, { yes: 'ok', no: false })).toEqual({ yes: 'ok', no: false });
    const routed = outputsFromResult(two, { no: 'nope' });
    expect(routed).toEqual({ no: 'nope' });
    expect(Object.hasOwn(routed, 'yes')).toBe(false);
    expect(outputsFromResult(two, {})).toEqual({});
  });

  it.each([
    [42, 'The code must return an object keyed by output id (yes, no), but it returned a number.'],
    [[1], 'The code must return an object keyed by output id (yes, no), but it returned a list.'],
    [undefined, 'The code must return an object keyed by output id (yes, no), but it returned nothing.'],
    [{ yes: 1, maybe: 2 }, 'The code returned "maybe", which is no output of this node; its outputs are yes, no.'],
    [{ a: 1, b: 2 }, 'The code returned "a", "b", which are no outputs of this node; its outputs are yes, no.'],
  ])('with several outputs, refuses %j', (result, message) => {
    expect(() => outputsFromResult(two, result)).toThrow(message);
  });
});
