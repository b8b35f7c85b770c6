import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MIGRATIONS,
  migrateWorkflowDocument,
  type NodeConfigMigration,
  readWorkflowDocument,
  WorkflowDocumentError,
} from './read-workflow-document.js';
import { WORKFLOW_SCHEMA_VERSION, type WorkflowDocument } from './workflow.js';

/**
 * A document as the first workflow API took it (before `schemaVersion`): nodes without
 * `type` or `config`, bare edges, no parameters. Shaped after the tests of that commit.
 */
const unversioned = {
  name: 'Greeting',
  nodes: [
    { id: 'in', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', config: { text: 'Hello' } } },
    { id: 'out', position: { x: 300, y: 0 }, data: { label: 'Output', type: 'output' } },
  ],
  edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input' }],
};

/** The same workflow as the editor saves it today. */
const current: WorkflowDocument = {
  schemaVersion: 1,
  name: 'Greeting',
  nodes: [
    { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', version: 1, config: { text: 'Hello' } } },
    { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Output', type: 'output', version: 1, config: {} } },
  ],
  edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
  globalParameters: { tone: { key: 'tone', value: 'warm', description: '' } },
};

/**
 * A test node type at version 3: version 1 called its field `text`, version 2 renamed it
 * `message`, version 3 added `tone`.
 */
const greeter: NodeConfigMigration = {
  type: 'test.greeter',
  version: 3,
  migrate: (config, from) => {
    let next: Record<string, unknown> = { ...config };
    if (from < 2) {
      const { text, ...rest } = next;
      next = { ...rest, message: text };
    }
    if (from < 3) next = { ...next, tone: 'plain' };
    return next;
  },
};

function greeterNode(id: string, version: number | undefined, config: Record<string, unknown>) {
  return { id, type: 'custom', position: { x: 0, y: 0 }, data: { label: `Greeter ${id}`, type: 'test.greeter', ...(version ? { version } : {}), config } };
}

describe('readWorkflowDocument', () => {
  it('has a migration for every document version below the current one', () => {
    for (let version = 0; version < WORKFLOW_SCHEMA_VERSION; version++) expect(DOCUMENT_MIGRATIONS.has(version), `from ${version}`).toBe(true);
  });

  it('upgrades a document from before schemaVersion, filling what it left out', () => {
    expect(readWorkflowDocument(JSON.stringify(unversioned))).toEqual({
      schemaVersion: 1,
      name: 'Greeting',
      nodes: [
        { id: 'in', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Text Input', type: 'input.text', config: { text: 'Hello' } } },
        { id: 'out', type: 'custom', position: { x: 300, y: 0 }, data: { label: 'Output', type: 'output', config: {} } },
      ],
      edges: [{ id: 'e1', source: 'in', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: {} }],
      globalParameters: {},
    });
  });

  it('upgrades a bare unversioned document without nodes to an empty one', () => {
    expect(readWorkflowDocument({ name: 'Empty' })).toEqual({ schemaVersion: 1, name: 'Empty', nodes: [], edges: [], globalParameters: {} });
  });

  it('reads a current document unchanged, from text or parsed', () => {
    expect(readWorkflowDocument(JSON.stringify(current))).toEqual(current);
    expect(readWorkflowDocument(current)).toEqual(current);
  });

  it('refuses a document newer than the code with the validator’s message', () => {
    const newer = { ...current, schemaVersion: WORKFLOW_SCHEMA_VERSION + 1 };
    expect(() => readWorkflowDocument(JSON.stringify(newer))).toThrow(
      `This workflow uses document version ${WORKFLOW_SCHEMA_VERSION + 1}, newer than this Weft understands (${WORKFLOW_SCHEMA_VERSION}). Upgrade Weft to open it.`,
    );
    expect(() => migrateWorkflowDocument(newer)).toThrow(expect.objectContaining({ code: 'newer_schema_version' }));
  });

  it.each([
    ['text that is not JSON', '{"name": "half', 'not_json', /not valid JSON/],
    ['a list', '[1, 2]', 'invalid', /not valid/],
    ['a document without a name', { nodes: [] }, 'invalid', /^The workflow document is not valid: name: /],
    ['a node with a text position', { ...current, nodes: [{ ...current.nodes[0], position: { x: 'left', y: 0 } }] }, 'invalid', /nodes\.0\.position\.x/],
  ])('refuses %s, saying what is wrong', (_title, input, code, message) => {
    let caught: unknown;
    try {
      readWorkflowDocument(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WorkflowDocumentError);
    expect(caught).toMatchObject({ code });
    expect((caught as Error).message).toMatch(message);
  });

  it('does not change the value it is given', () => {
    const input = structuredClone(unversioned);
    readWorkflowDocument(input, [greeter]);
    expect(input).toEqual(unversioned);
  });
});

describe('node config migrations', () => {
  it('upgrades older nodes of a type to its version, a node without a version counting as 1', () => {
    const document = {
      ...current,
      nodes: [greeterNode('a', 1, { text: 'hi' }), greeterNode('b', undefined, { text: 'yo' }), greeterNode('c', 2, { message: 'hey' })],
    };
    const read = readWorkflowDocument(document, [greeter]);
    expect(read.nodes.map((n) => n.data)).toEqual([
      { label: 'Greeter a', type: 'test.greeter', version: 3, config: { message: 'hi', tone: 'plain' } },
      { label: 'Greeter b', type: 'test.greeter', version: 3, config: { message: 'yo', tone: 'plain' } },
      { label: 'Greeter c', type: 'test.greeter', version: 3, config: { message: 'hey', tone: 'plain' } },
    ]);
  });

  it('leaves current and newer nodes, other types and types without a migration as they are', () => {
    const document = {
      ...current,
      nodes: [...current.nodes, greeterNode('now', 3, { message: 'hi', tone: 'warm' }), greeterNode('later', 4, { words: 'hi' })],
    };
    const plain: NodeConfigMigration = { type: 'input.text', version: 2 };
    expect(readWorkflowDocument(document, [greeter, plain])).toEqual(document);
  });

  it('runs after the document migrations, so an unversioned document’s nodes are upgraded too', () => {
    const { type: _type, ...bare } = greeterNode('a', undefined, { text: 'hi' });
    const read = readWorkflowDocument({ name: 'Old', nodes: [bare] }, [greeter]);
    expect(read.nodes[0]).toMatchObject({ type: 'custom', data: { version: 3, config: { message: 'hi', tone: 'plain' } } });
  });

  it('names the node when its migration fails', () => {
    const broken: NodeConfigMigration = {
      type: 'test.greeter',
      version: 2,
      migrate: () => {
        throw new Error('text must be a string');
      },
    };
    const document = { ...current, nodes: [greeterNode('a', 1, { text: 3 })] };
    expect(() => readWorkflowDocument(document, [broken])).toThrow(
      new WorkflowDocumentError('node_migration_failed', 'Node "Greeter a" (test.greeter) could not be upgraded from version 1 to 2: text must be a string'),
    );
  });
});
