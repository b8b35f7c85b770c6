import { describe, expect, it } from 'vitest';
import { nestedJson } from '../test-support/malicious-documents.js';
import { DEFAULT_CONTENT_LIMITS } from './content-limits.js';
import { checkJsonDepth } from './json-depth.js';

const limits = { ...DEFAULT_CONTENT_LIMITS, maxDepth: 3 };

describe('JSON depth check', () => {
  it('lets JSON nested up to the limit through', () => {
    expect(() => checkJsonDepth('{"a":[{"b":1}],"c":[[1],[2]]}', 'ok.json', limits)).not.toThrow();
    expect(() => checkJsonDepth(nestedJson(3), 'ok.json', limits)).not.toThrow();
  });

  it('refuses deeper JSON naming the subject, the limit and its setting', () => {
    expect(() => checkJsonDepth(nestedJson(4), 'deep.json', limits)).toThrow('deep.json: it is nested deeper than 3 levels (WEFT_CONTENT_MAX_DEPTH)');
    expect(() => checkJsonDepth(nestedJson(4_000_000), 'huge.json', DEFAULT_CONTENT_LIMITS)).toThrow(
      'huge.json: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)',
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(() => checkJsonDepth(`{"a":"[[[[[[","b":"\\"[[[[[\\\\","c":[1]}`, 'strings.json', limits)).not.toThrow();
    expect(() => checkJsonDepth(`["\\\\",[[[1]]]]`, 'escaped.json', limits)).toThrow('escaped.json: it is nested deeper than 3 levels');
  });

  it('leaves JSON that is not valid to JSON.parse', () => {
    expect(() => checkJsonDepth('{"open": "never closed', 'bad.json', limits)).not.toThrow();
  });
});
