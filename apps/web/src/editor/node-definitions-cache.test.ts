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
  it('round-trips a payload with its time', () => {
    expect(parseCachedDefinitions(serializeCachedDefinitions(payload, 1234))).toEqual({ savedAt: 1234, payload });
  });

  it('ignores missing, broken and foreign entries', () => {
    expect(parseCachedDefinitions(null)).toBeNull();
    expect(parseCachedDefinitions('{not json')).toBeNull();
    expect(parseCachedDefinitions(JSON.stringify(payload))).toBeNull();
    expect(parseCachedDefinitions(JSON.stringify({ savedAt: 1, payload: { definitions: [{ type: 'x' }] } }))).toBeNull();
  });

  it('accepts an answer without data types or conversions', () => {
    expect(asPayload({ definitions: [definition] })).toEqual({ definitions: [definition], dataTypes: [], conversions: [] });
    expect(asPayload({ definitions: 'nope' })).toBeNull();
    expect(asPayload(undefined)).toBeNull();
  });
});
