import { describe, expect, it } from 'vitest';
import { compileTemplate, lookupPath, MissingPlaceholderError, placeholderPaths, renderTemplate } from './render-template.js';

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

  it('renders a compiled template as it renders the text', () => {
    const compiled = compileTemplate('{{ a }}-{{nope.x}}-{{a}} {{ 1+1 }} $& end');
    const values = (path: string) => (path === 'a' ? { n: 1 } : undefined);
    for (const onMissing of ['keep', 'empty'] as const) {
      expect(renderTemplate(compiled, values, { onMissing })).toBe(renderTemplate(compiled.template, values, { onMissing }));
    }
    expect(renderTemplate(compiled, values)).toBe('{"n":1}-{{nope.x}}-{"n":1} {{ 1+1 }} $& end');
    expect(() => renderTemplate(compiled, values, { onMissing: 'error' })).toThrow(MissingPlaceholderError);
    expect(renderTemplate(compileTemplate('no placeholders'), values)).toBe('no placeholders');
  });

  it('lists placeholder paths once each', () => {
    expect(placeholderPaths('{{a}} {{ b.c }} {{a}} {{ 1+1 }}')).toEqual(['a', 'b.c']);
  });
});
