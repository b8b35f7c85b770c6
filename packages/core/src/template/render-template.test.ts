import { describe, expect, it } from 'vitest';
import { lookupPath, MissingPlaceholderError, placeholderPaths, renderTemplate } from './render-template.js';

const scope = { input: 'hello', params: { name: 'Ada', n: 3, list: ['a', { b: 1 }] }, secrets: { KEY: 'sk-123' } };
const lookup = (path: string) => lookupPath(scope, path);

describe('renderTemplate', () => {
  it('fills paths, with or without spaces', () => {
    expect(renderTemplate('{{input}}, {{ params.name }}! {{params.n}}', lookup)).toBe('hello, Ada! 3');
  });

  it('writes objects and arrays as JSON and follows array indices', () => {
    expect(renderTemplate('{{params.list}} {{params.list.1.b}}', lookup)).toBe('["a",{"b":1}] 1');
  });

  it('keeps, empties or refuses missing paths as asked', () => {
    expect(renderTemplate('a {{nope.x}} b', lookup)).toBe('a {{nope.x}} b');
    expect(renderTemplate('a {{nope.x}} b', lookup, { onMissing: 'empty' })).toBe('a  b');
    expect(() => renderTemplate('a {{nope.x}} b', lookup, { onMissing: 'error' })).toThrow(MissingPlaceholderError);
  });

  it('never evaluates: expressions stay as written', () => {
    expect(renderTemplate('{{ 1 + 1 }} {{process.exit()}} {{params["name"]}}', lookup, { onMissing: 'error' })).toBe(
      '{{ 1 + 1 }} {{process.exit()}} {{params["name"]}}',
    );
  });

  it('does not reach inherited properties', () => {
    expect(renderTemplate('{{params.constructor}} {{input.length}}', lookup)).toBe('{{params.constructor}} {{input.length}}');
    expect(lookupPath(scope, '__proto__')).toBeUndefined();
  });

  it('lists placeholder paths once each', () => {
    expect(placeholderPaths('{{a}} {{ b.c }} {{a}} {{ 1+1 }}')).toEqual(['a', 'b.c']);
  });
});
