import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './node-definition.js';
import { setupNeedNodeIds, workflowSetupNeeds } from './setup-needs.js';

const loader: NodeDefinition = {
  type: 'load',
  version: 1,
  title: 'Load',
  category: 'RAG',
  description: '',
  inputs: [],
  outputs: [],
  config: [
    {
      kind: 'select',
      key: 'source',
      label: 'Source',
      default: 'file',
      options: [
        { value: 'file', label: 'File' },
        { value: 'url', label: 'URL' },
      ],
    },
    { kind: 'file', key: 'file', label: 'File', requiredWhen: { key: 'source', equals: 'file' } },
    { kind: 'text', key: 'url', label: 'URL', requiredWhen: { key: 'source', equals: 'url' } },
    { kind: 'secret', key: 'apiKey', label: 'API key' },
    { kind: 'json', key: 'headers', label: 'Headers' },
  ],
};
const node = (id: string, config: Record<string, unknown>) => ({ id, data: { type: 'load', config } });

describe('workflowSetupNeeds', () => {
  it('names a secret the user lacks once, with every node using it, also inside JSON', () => {
    const needs = workflowSetupNeeds(
      {
        nodes: [
          node('a', { source: 'url', url: 'https://x', apiKey: '{{secrets.KEY}}' }),
          node('b', { source: 'url', url: 'https://y', headers: { auth: 'Bearer {{ secrets.KEY }}' } }),
        ],
        globalParameters: {},
      },
      [loader],
      ['OTHER'],
    );
    expect(needs).toEqual([{ kind: 'secret', name: 'KEY', nodeIds: ['a', 'b'] }]);
    expect(workflowSetupNeeds({ nodes: [node('a', { source: 'url', url: 'u', apiKey: '{{secrets.KEY}}' })], globalParameters: {} }, [loader], ['KEY'])).toEqual(
      [],
    );
  });

  it('does not judge secrets while the list is unknown', () => {
    expect(workflowSetupNeeds({ nodes: [node('a', { source: 'url', url: 'u', apiKey: '{{secrets.KEY}}' })], globalParameters: {} }, [loader], null)).toEqual(
      [],
    );
  });

  it('follows requiredWhen: the file only while the source is a file', () => {
    const needs = workflowSetupNeeds(
      { nodes: [node('a', { source: 'file', file: '' }), node('b', { source: 'url', file: '' })], globalParameters: {} },
      [loader],
      [],
    );
    expect(needs).toEqual([
      { kind: 'field', nodeId: 'a', fieldKey: 'file', fieldLabel: 'File', fieldKind: 'file' },
      { kind: 'field', nodeId: 'b', fieldKey: 'url', fieldLabel: 'URL', fieldKind: 'text' },
    ]);
    expect(setupNeedNodeIds(needs[0] as (typeof needs)[number])).toEqual(['a']);
  });

  it('names parameters that are used but missing or blank, not those with a value', () => {
    const needs = workflowSetupNeeds(
      {
        nodes: [node('a', { source: 'url', url: '{{params.page}}?q={{params.q.term}}&x={{params.set}}' })],
        globalParameters: { page: { key: 'page', value: ' ', description: 'The page to watch' }, set: { key: 'set', value: '1', description: '' } },
      },
      [loader],
      [],
    );
    expect(needs).toEqual([
      { kind: 'parameter', key: 'page', description: 'The page to watch', nodeIds: ['a'] },
      { kind: 'parameter', key: 'q', description: '', nodeIds: ['a'] },
    ]);
  });

  it('leaves nodes of unknown types to the canvas', () => {
    expect(workflowSetupNeeds({ nodes: [{ id: 'z', data: { type: 'gone', config: { k: '{{secrets.K}}' } } }], globalParameters: {} }, [loader], [])).toEqual(
      [],
    );
  });
});
