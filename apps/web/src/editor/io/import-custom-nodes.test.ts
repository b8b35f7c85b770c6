import type { NodeDefinition } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { TEST_DEFINITIONS } from '../store/test-definitions';
import { readCarriedCustomNodes, retypeNodes, withCarriedDefinitions } from './import-custom-nodes';
import { readWorkflowInput } from './read-workflow-file';

const shoutDefinition: NodeDefinition = {
  type: 'custom.shout',
  version: 3,
  title: 'Shout',
  category: 'Custom',
  description: 'Upper-cases a text.',
  inputs: [{ id: 'text', label: 'Text', type: 'text' }],
  outputs: [{ id: 'loud', label: 'Loud', type: 'text' }],
  config: [],
};
const shout = { type: 'custom.shout', definition: shoutDefinition, code: 'return inputs.text.toUpperCase();' };
const unused = { ...shout, type: 'custom.unused', definition: { ...shout.definition, type: 'custom.unused', title: 'Unused' } };

/** Text Input → Shout → a text sink, as an export from another account carries it. */
const file = (): Record<string, unknown> => ({
  weft: 'workflow',
  schemaVersion: 1,
  name: 'Loud',
  nodes: [
    { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'In', type: 'input.text', config: { text: 'hi' } } },
    { id: 'shout', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Shout', type: 'custom.shout', config: {} } },
    { id: 'out', type: 'custom', position: { x: 600, y: 0 }, data: { label: 'Out', type: 'test.sink.text', config: {} } },
  ],
  edges: [
    { id: 'e1', source: 'in', sourceHandle: 'output', target: 'shout', targetHandle: 'text', type: 'custom', data: { type: 'text' } },
    { id: 'e2', source: 'shout', sourceHandle: 'loud', target: 'out', targetHandle: 'in', type: 'custom', data: { type: 'text' } },
  ],
  globalParameters: {},
  customNodes: [shout, unused],
});

const typesOf = (input: Record<string, unknown>) => (input.nodes as { data: { type: string } }[]).map((n) => n.data.type);

describe('importing a file that carries custom node types into the editor', () => {
  it('re-points the nodes of each carried type to the id the server gave it, and only those', () => {
    const input = file();
    const retyped = retypeNodes(input, { 'custom.shout': 'custom.shout-2', 'custom.unused': 'custom.other' });
    expect(typesOf(retyped)).toEqual(['input.text', 'custom.shout-2', 'test.sink.text']);
    // The file as read is left as it was: a failed import must not have changed it.
    expect(typesOf(input)).toEqual(['input.text', 'custom.shout', 'test.sink.text']);
    // A type kept under the file's id, or missing from the answer, stays as it is.
    expect(typesOf(retypeNodes(input, { 'custom.shout': 'custom.shout' }))).toEqual(typesOf(input));
    expect(typesOf(retypeNodes(input, {}))).toEqual(typesOf(input));
    // Names of Object.prototype are not mistaken for entries of the answer.
    const odd = { ...input, nodes: [{ id: 'x', data: { label: 'x', type: 'constructor', config: {} } }] };
    expect(typesOf(retypeNodes(odd, {}))).toEqual(['constructor']);
  });

  it('opens the re-pointed workflow with the definitions the server then lists', () => {
    const input = file();
    // Without the imported type the node is unknown…
    const before = readWorkflowInput(input, TEST_DEFINITIONS);
    expect(before).toMatchObject({ ok: false, message: expect.stringContaining('custom.shout') });
    // …and with it under a new id, the nodes must follow it.
    const mine: NodeDefinition = { ...shoutDefinition, type: 'custom.shout-2', version: 1 };
    const definitions = [...TEST_DEFINITIONS, mine];
    expect(readWorkflowInput(input, definitions).ok).toBe(false);
    const after = readWorkflowInput(retypeNodes(input, { 'custom.shout': 'custom.shout-2' }), definitions);
    expect(after.ok).toBe(true);
    if (after.ok) expect(after.document.nodes[1]?.data.type).toBe('custom.shout-2');
  });

  it('reads the carried types the nodes use, with definitions to check the file before anything is created', () => {
    const carried = readCarriedCustomNodes(file());
    if (!carried.ok) throw new Error(carried.message);
    expect(carried.list).toEqual([shout]);
    expect(carried.definitions.map((d) => [d.type, d.version, d.title])).toEqual([
      ['custom.shout', 1, 'Shout'],
      ['custom.unused', 1, 'Unused'],
    ]);
    // The file's declaration stands in for a different type of the user's by the same id.
    const theirs: NodeDefinition = { ...shoutDefinition, outputs: [{ id: 'other', label: 'Other', type: 'text' }] };
    const definitions = withCarriedDefinitions([...TEST_DEFINITIONS, theirs], carried.definitions);
    expect(definitions.filter((d) => d.type === 'custom.shout').map((d) => d.outputs[0]?.id)).toEqual(['loud']);
    expect(readWorkflowInput(file(), definitions).ok).toBe(true);

    const none = readCarriedCustomNodes({ ...file(), customNodes: undefined });
    expect(none).toEqual({ ok: true, list: [], definitions: [] });
  });

  it.each([
    ['a list that is not one', 'nope', 'customNodes: expected a list of custom node types'],
    ['an entry without a custom id', [{ ...shout, type: 'llm.chat' }], 'customNodes.0.type: expected a custom node type id such as "custom.word-count"'],
    ['an entry without a definition', [{ type: 'custom.shout', code: 'x' }], "customNodes.0.definition: expected the node type's definition (an object)"],
    [
      'a bad port id',
      [shout, { ...unused, definition: { ...unused.definition, inputs: [{ id: 'Text', label: 'T', type: 'text' }] } }],
      'customNodes.1 (custom.unused).inputs.0.id: Port ids start with a lowercase letter and use only a-z, 0-9, _ and -',
    ],
    ['blank code', [{ ...shout, code: '  ' }], 'customNodes.0 (custom.shout).code: Write the code this node runs'],
  ])('refuses %s in the words of the server', (_what, customNodes, message) => {
    expect(readCarriedCustomNodes({ ...file(), customNodes })).toEqual({ ok: false, message: `Not a valid Weft workflow file: ${message}` });
  });
});
