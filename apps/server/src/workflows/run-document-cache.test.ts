import { describe, expect, it } from 'vitest';
import { cachedRunDocument, readRunDocument } from './run-document-cache.js';

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

  it('gives the document kept for a version only when it was read with one, and the newest version read', () => {
    const json = documentJson('v {{input}}');
    readRunDocument('wf-cache-4', json);
    expect(cachedRunDocument('wf-cache-4')).toBeUndefined();
    const parsed = readRunDocument('wf-cache-4', json, 3);
    expect(cachedRunDocument('wf-cache-4')).toEqual({ version: 3, json, document: parsed });
    const edited = readRunDocument('wf-cache-4', documentJson('w {{input}}'), 4);
    expect(cachedRunDocument('wf-cache-4')?.document).toBe(edited);
    expect(cachedRunDocument('wf-cache-4')?.version).toBe(4);
    expect(cachedRunDocument('wf-cache-unknown')).toBeUndefined();
  });
});
