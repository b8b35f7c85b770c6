import { describe, expect, it } from 'vitest';
import type { NodeDefinition } from './node-definition.js';
import type { WorkflowNode } from './workflow.js';
import { checkWorkflowDocument, readWorkflowImport, withDefaultName } from './workflow-document-check.js';

// A small catalogue of its own: core must not depend on @weft/nodes.
const DEFINITIONS: NodeDefinition[] = [
  {
    type: 'source',
    version: 1,
    title: 'Source',
    category: 'Inputs',
    description: '',
    inputs: [],
    outputs: [{ id: 'out', label: 'Out', type: 'text' }],
    config: [{ key: 'count', label: 'Count', kind: 'number', default: 1 }],
  },
  { type: 'sink', version: 1, title: 'Sink', category: 'Outputs', description: '', inputs: [{ id: 'in', label: 'In', type: 'text' }], outputs: [], config: [] },
];

function node(id: string, type: string, config: Record<string, unknown> = {}): WorkflowNode {
  return { id, type: 'custom', position: { x: 0, y: 0 }, data: { label: id, type, config } };
}

//   a (source) ──out→in──► b (sink)
const sound = {
  schemaVersion: 1,
  name: 'Sound',
  nodes: [node('a', 'source', { count: 2 }), node('b', 'sink')],
  edges: [{ id: 'e', source: 'a', sourceHandle: 'out', target: 'b', targetHandle: 'in', type: 'custom', data: {} }],
  globalParameters: {},
};

describe('checkWorkflowDocument: the gate of every stored workflow', () => {
  it('passes a sound document, parsed', () => {
    expect(checkWorkflowDocument(sound, DEFINITIONS)).toMatchObject({ ok: true, document: { name: 'Sound', nodes: [{ id: 'a' }, { id: 'b' }] } });
  });

  it('upgrades a document from before schemaVersion first', () => {
    const old = { name: 'Old', nodes: [{ id: 'a', position: { x: 0, y: 0 }, data: { label: 'a', type: 'source' } }], edges: [] };
    expect(checkWorkflowDocument(old, DEFINITIONS)).toMatchObject({
      ok: true,
      document: { schemaVersion: 1, nodes: [{ type: 'custom', data: { config: {} } }] },
    });
  });

  it('names the field of a schema problem as the client sent it', () => {
    const broken = { ...sound, nodes: [{ type: 'custom' }] };
    expect(checkWorkflowDocument(broken, DEFINITIONS, 'document')).toMatchObject({
      ok: false,
      stage: 'schema',
      message: expect.stringMatching(/^document\.nodes\.0\.id: /),
    });
  });

  it('refuses a config value that does not fit its field, and counts the other problems', () => {
    const wrong = { ...sound, nodes: [node('a', 'source', { count: 'many' }), node('b', 'sink')], pinData: { b: { out: 'x' } } };
    expect(checkWorkflowDocument(wrong, DEFINITIONS)).toEqual({
      ok: false,
      stage: 'graph',
      message: 'Node "a": Count must be a number (and 1 more problem)',
    });
  });

  it('refuses a document newer than this code as a graph problem, not a broken file', () => {
    expect(checkWorkflowDocument({ ...sound, schemaVersion: 99 }, DEFINITIONS)).toMatchObject({
      ok: false,
      stage: 'graph',
      message: expect.stringMatching(/newer/),
    });
  });
});

describe('readWorkflowImport: a file chosen for import', () => {
  it('reads an export and a bare document, which gets the default name', () => {
    expect(readWorkflowImport({ weft: 'workflow', ...sound }, DEFINITIONS)).toMatchObject({ ok: true, document: { name: 'Sound' } });
    const { name: _name, ...bare } = sound;
    expect(readWorkflowImport(bare, DEFINITIONS)).toMatchObject({ ok: true, document: { name: 'My First Automation' } });
  });

  it.each([
    ['a list', [1], 'A workflow file holds one JSON object, but this one holds a list.'],
    ['null', null, 'A workflow file holds one JSON object, but this one holds null.'],
    ['another Weft file', { weft: 'template' }, 'This is a Weft "template" file, not a workflow export ("weft" must be "workflow").'],
    ['an odd tag', { weft: 3 }, 'This is a file with an unknown "weft" tag, not a workflow export ("weft" must be "workflow").'],
    ['foreign JSON', { steps: [] }, 'This is not a Weft workflow: expected an export with "weft": "workflow", or a workflow document with a "nodes" list.'],
  ])('refuses %s, saying what it is', (_what, file, message) => {
    expect(readWorkflowImport(file, DEFINITIONS)).toEqual({ ok: false, stage: 'schema', message });
  });

  it('says first that a misshapen file is not a Weft workflow, and leaves graph problems as they are', () => {
    expect(readWorkflowImport({ ...sound, nodes: [{}] }, DEFINITIONS)).toMatchObject({
      message: expect.stringMatching(/^Not a valid Weft workflow file: nodes\.0\./),
    });
    expect(readWorkflowImport({ ...sound, nodes: [node('x', 'foo.bar')], edges: [] }, DEFINITIONS)).toEqual({
      ok: false,
      stage: 'graph',
      message: 'Node "x" has unknown type "foo.bar"',
    });
  });
});

describe('withDefaultName', () => {
  it('names an unnamed input and leaves the rest alone', () => {
    expect([withDefaultName(undefined), withDefaultName({ nodes: [] }), withDefaultName({ name: 'Mine' }), withDefaultName('x')]).toEqual([
      { name: 'My First Automation' },
      { nodes: [], name: 'My First Automation' },
      { name: 'Mine' },
      'x',
    ]);
  });
});
