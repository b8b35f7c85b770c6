import { CONVERSIONS, DATA_TYPES, type NodeDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { asPayload, parseCachedDefinitions, serializeCachedDefinitions } from './node-definitions-cache';

const definition: NodeDefinition = {
  type: 'input.text',
  version: 1,
  title: 'Text Input',
  category: 'Inputs',
  description: 'Text',
  inputs: [],
  outputs: [{ id: 'output', label: 'Text', type: 'text' }],
  config: [],
};
const payload = { definitions: [definition], dataTypes: [...DATA_TYPES], conversions: [...CONVERSIONS] };

describe('node definitions cache', () => {
  it('round-trips a payload with its time and owner', () => {
    expect(parseCachedDefinitions(serializeCachedDefinitions(payload, 1234, 'u1'), 'u1')).toEqual({ savedAt: 1234, userId: 'u1', payload });
    expect(parseCachedDefinitions(serializeCachedDefinitions(payload, 1234, null), null)).toEqual({ savedAt: 1234, userId: null, payload });
  });

  it("never hands one user's copy (their custom nodes) to another user or a visitor", () => {
    const alices = serializeCachedDefinitions(payload, 1234, 'alice');
    expect(parseCachedDefinitions(alices, 'bob')).toBeNull();
    expect(parseCachedDefinitions(alices, null)).toBeNull();
    expect(parseCachedDefinitions(serializeCachedDefinitions(payload, 1234, null), 'bob')).toBeNull();
  });

  it('ignores missing, broken and foreign entries, and copies saved before they had an owner', () => {
    expect(parseCachedDefinitions(null, null)).toBeNull();
    expect(parseCachedDefinitions('{not json', null)).toBeNull();
    expect(parseCachedDefinitions(JSON.stringify(payload), null)).toBeNull();
    expect(parseCachedDefinitions(JSON.stringify({ savedAt: 1, userId: null, payload: { definitions: [{ type: 'x' }] } }), null)).toBeNull();
    expect(parseCachedDefinitions(JSON.stringify({ savedAt: 1, payload }), 'u1')).toBeNull();
  });

  it('accepts an answer without data types or conversions', () => {
    expect(asPayload({ definitions: [definition] })).toEqual({ definitions: [definition], dataTypes: [], conversions: [] });
    expect(asPayload({ definitions: 'nope' })).toBeNull();
    expect(asPayload(undefined)).toBeNull();
  });
});
