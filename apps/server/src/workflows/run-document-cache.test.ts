import { describe, expect, it } from 'vitest';
import { readRunDocument } from './run-document-cache.js';

const documentJson = (template: string) =>
  JSON.stringify({
    schemaVersion: 1,
    name: 'Cached',
    nodes: [{ id: 't', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'T', type: 'text.template', config: { template } } }],
    edges: [],
    globalParameters: {},
  });

describe('readRunDocument', () => {
  it('parses a workflow text once and hands the same frozen document to every run', () => {
    const json = documentJson('one {{input}}');
    const first = readRunDocument('wf-cache-1', json);
    // A fresh string with the same text, as the next database read gives.
    const second = readRunDocument('wf-cache-1', `${json} `.trimEnd());
    expect(second).toBe(first);
    expect(first.nodes[0]?.data.config).toEqual({ template: 'one {{input}}' });
    expect(Object.isFrozen(first.nodes[0]?.data.config)).toBe(true);
    expect(() => {
      (first.nodes[0]?.data.config as Record<string, unknown>).template = 'changed';
    }).toThrow(TypeError);
  });

  it('reads an edited workflow afresh', () => {
    const before = readRunDocument('wf-cache-2', documentJson('one {{input}}'));
    const after = readRunDocument('wf-cache-2', documentJson('two {{input}}'));
    expect(after).not.toBe(before);
    expect(after.nodes[0]?.data.config).toEqual({ template: 'two {{input}}' });
  });

  it('refuses a broken document as readStoredWorkflow does, caching nothing', () => {
    expect(() => readRunDocument('wf-cache-3', '{not json')).toThrow(/not valid JSON/);
    expect(readRunDocument('wf-cache-3', documentJson('x')).name).toBe('Cached');
  });
});
