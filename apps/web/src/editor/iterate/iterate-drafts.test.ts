import type { NodeDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { checkPinDraft, pinDraftText } from './pin-draft';
import { draftOf, settingsOf } from './settings-draft';

const definition: NodeDefinition = {
  type: 'test.split',
  version: 1,
  title: 'Split',
  category: 'Logic',
  description: '',
  config: [],
  inputs: [],
  outputs: [
    { id: 'output', label: 'Text', type: 'text' },
    { id: 'chunks', label: 'Chunks', type: 'chunks' },
  ],
};

describe('checkPinDraft', () => {
  it('accepts values that fit their outputs', () => {
    expect(checkPinDraft('{ "output": "hi" }', definition, {})).toEqual({ ok: true, outputs: { output: 'hi' } });
  });

  it('says what is wrong: JSON, shape, port, type', () => {
    expect(checkPinDraft('{ nope', definition, {})).toMatchObject({ ok: false, error: expect.stringMatching(/^Not valid JSON/) });
    expect(checkPinDraft('[]', definition, {})).toMatchObject({ ok: false, error: expect.stringContaining('object of values by output') });
    expect(checkPinDraft('{ "other": 1 }', definition, {})).toEqual({ ok: false, error: 'This node has no output "other" (its outputs: "output", "chunks").' });
    expect(checkPinDraft('{ "output": 1 }', definition, {})).toEqual({ ok: false, error: 'Output "Text": expected text (a JSON string), got a number.' });
  });

  it('starts from the pin, or an empty value of each output type', () => {
    expect(JSON.parse(pinDraftText(undefined, definition, {}))).toEqual({ output: '', chunks: [{ text: '', metadata: {} }] });
    expect(JSON.parse(pinDraftText({ output: 'x' }, definition, {}))).toEqual({ output: 'x' });
  });
});

describe('settings draft', () => {
  it('turns seconds into milliseconds and back, empty fields meaning the default', () => {
    expect(settingsOf({ retries: '2', waitSeconds: '1.5', timeoutSeconds: '' })).toEqual({ ok: true, settings: { retries: 2, retryWaitMs: 1500 } });
    expect(draftOf({ retries: 2, retryWaitMs: 1500 })).toEqual({ retries: '2', waitSeconds: '1.5', timeoutSeconds: '' });
  });

  it('names the field out of range', () => {
    expect(settingsOf({ retries: '11', waitSeconds: '', timeoutSeconds: '' })).toMatchObject({ ok: false, field: 'retries' });
    expect(settingsOf({ retries: '', waitSeconds: '', timeoutSeconds: '0.5' })).toMatchObject({
      ok: false,
      field: 'timeoutSeconds',
      error: 'From 1 to 3600 seconds',
    });
  });
});
