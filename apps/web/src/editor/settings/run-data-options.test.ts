import { RUN_DATA_MODES } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { RUN_DATA_OPTIONS, runDataChoice } from './run-data-options';

describe('the run data choices', () => {
  it('offers the server default first, then every mode once, in plain words', () => {
    expect(RUN_DATA_OPTIONS.map((o) => o.mode)).toEqual([null, ...RUN_DATA_MODES]);
    expect(RUN_DATA_OPTIONS.map((o) => o.label)).toEqual([
      'Server default',
      'Everything (inputs, outputs and logs of every node)',
      'Outputs only',
      'Just the summary (status and timing)',
    ]);
    for (const option of RUN_DATA_OPTIONS) expect(option.description.length).toBeGreaterThan(20);
  });

  it('gives each choice a distinct radio value, none set being the default', () => {
    expect(runDataChoice(undefined)).toBe('default');
    expect(runDataChoice(null)).toBe('default');
    expect(new Set(RUN_DATA_OPTIONS.map((o) => runDataChoice(o.mode))).size).toBe(RUN_DATA_OPTIONS.length);
  });
});
