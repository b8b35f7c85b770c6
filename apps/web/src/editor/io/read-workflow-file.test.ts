import { describe, expect, it } from 'vitest';
import { TEST_DEFINITIONS } from '../store/test-definitions';
import { readWorkflowFile } from './read-workflow-file';

const good = {
  weft: 'workflow',
  schemaVersion: 1,
  name: 'Imported',
  nodes: [
    { id: 'a', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'A', type: 'input.text', config: {} } },
    { id: 'b', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'B', type: 'test.sink.text', config: {} } },
  ],
  edges: [{ id: 'e', source: 'a', sourceHandle: 'output', target: 'b', targetHandle: 'in', type: 'custom', data: { type: 'text' } }],
  globalParameters: {},
};

const read = (value: unknown) => readWorkflowFile(typeof value === 'string' ? value : JSON.stringify(value), TEST_DEFINITIONS);

describe('reading a workflow file for import', () => {
  it('reads an export and a bare document', () => {
    expect(read(good)).toMatchObject({ ok: true, document: { name: 'Imported', nodes: [{ id: 'a' }, { id: 'b' }] } });
    const { weft: _tag, name: _name, ...bare } = good;
    expect(read(bare)).toMatchObject({ ok: true, document: { name: 'My First Automation' } });
  });

  it('opens an export from before schemaVersion, migrated as the server would', () => {
    // The first API's shape: no schemaVersion, no node/edge `type`, no config, bare edges.
    const old = {
      weft: 'workflow',
      name: 'Old',
      nodes: [
        { id: 'a', position: { x: 0, y: 0 }, data: { label: 'A', type: 'input.text' } },
        { id: 'b', position: { x: 300, y: 0 }, data: { label: 'B', type: 'test.sink.text' } },
      ],
      edges: [{ id: 'e', source: 'a', sourceHandle: 'output', target: 'b', targetHandle: 'in' }],
    };
    expect(read(old)).toMatchObject({
      ok: true,
      document: {
        schemaVersion: 1,
        nodes: [{ type: 'custom', data: { config: {} } }, { type: 'custom' }],
        edges: [{ type: 'custom', data: {} }],
        globalParameters: {},
      },
    });
  });

  it('refuses a file from a newer Weft, saying so', () => {
    const result = read({ ...good, schemaVersion: 99 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^This workflow uses document version 99, newer than/);
  });

  it.each([
    ['broken JSON', '{"name": "half', /not valid JSON/],
    ['a list', [1, 2], /holds a list/],
    ['another Weft file', { weft: 'credentials' }, /^This is a Weft "credentials" file, not a workflow export/],
    ['foreign JSON', { name: 'x', steps: [] }, /not a Weft workflow/],
    ['a node without an id', { ...good, nodes: [{ type: 'custom' }] }, /^Not a valid Weft workflow file: nodes\.0\.id/],
    ['an unknown node type', { ...good, nodes: [{ ...good.nodes[0], data: { label: 'x', type: 'foo.bar', config: {} } }], edges: [] }, /foo\.bar/],
    ['a missing handle', { ...good, edges: [{ ...good.edges[0], targetHandle: 'nope' }] }, /nope/],
    // Checked by the server's save as well, so a file that opened here could not be saved.
    [
      'a config value of the wrong kind',
      { ...good, nodes: [{ ...good.nodes[0], data: { label: 'A', type: 'input.text', config: { text: 3 } } }, good.nodes[1]] },
      /^Node "A": Text must be text$/,
    ],
    ['pinned data for a node not in the workflow', { ...good, pinData: { ghost: { output: 'x' } } }, /^Pinned data names node "ghost"/],
  ])('refuses %s with a message saying what is wrong', (_what, value, message) => {
    const result = read(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
