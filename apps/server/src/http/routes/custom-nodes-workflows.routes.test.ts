import { expect, it } from 'vitest';
import { wordCountBody, workflowUsing } from '../../test-support/custom-node-fixtures.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('workflows with custom node types', (database) => {
  const weft = useTestWeft(database);

  const inject = (user: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    weft().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createType = async (user: SignedIn, body = wordCountBody()) => (await inject(user, 'POST', '/api/custom-nodes', body)).json().customNode;
  const customNodesOf = async (user: SignedIn) => (await inject(user, 'GET', '/api/custom-nodes')).json().customNodes;
  const exportOf = async (user: SignedIn, document: unknown) => {
    const created = await inject(user, 'POST', '/api/workflows', document);
    expect(created.statusCode, created.body).toBe(201);
    return (await inject(user, 'GET', `/api/workflows/${created.json().workflow.id}/export`)).json();
  };
  const importFile = (user: SignedIn, file: unknown) =>
    weft().app.inject({
      method: 'POST',
      url: '/api/workflows/import',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });

  it("saves a workflow through a custom node's ports and checks them like a built-in's", async () => {
    const user = await signUp(weft());
    const { type } = await createType(user);
    const created = await inject(user, 'POST', '/api/workflows', workflowUsing(type));
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json().workflow;

    const wrongHandle = workflowUsing(type);
    wrongHandle.edges = wrongHandle.edges.map((edge) => (edge.id === 'e1' ? { ...edge, targetHandle: 'words' } : edge));
    const res = await inject(user, 'PUT', `/api/workflows/${id}`, { baseVersion: version, document: wrongHandle });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Edge "e1" ends at input "words", which node "count" (Word count) does not have');

    // The custom input now takes JSON: a text output may not feed it directly.
    const { id: typeId } = (await customNodesOf(user))[0];
    await inject(user, 'PUT', `/api/custom-nodes/${typeId}`, wordCountBody({ inputs: [{ id: 'text', label: 'Text', type: 'json' }] }));
    const mismatch = await inject(user, 'PUT', `/api/workflows/${id}`, { baseVersion: version, document: workflowUsing(type) });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/^Edge "e1" connects a text output of node "in" to a json input of node "count"/);
  });

  it("refuses another user's custom type as unknown", async () => {
    const owner = await signUp(weft());
    const { type } = await createType(owner);
    const stranger = await signUp(weft());
    const res = await inject(stranger, 'POST', '/api/workflows', workflowUsing(type));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Node "count" has unknown type "${type}"`);
  });

  it('exports the custom types a workflow uses and imports them into a second account', async () => {
    const owner = await signUp(weft());
    const made = await createType(owner);
    await createType(owner, wordCountBody({ title: 'Unused helper' }));
    const file = await exportOf(owner, workflowUsing(made.type));
    expect(file.customNodes).toEqual([
      {
        type: made.type,
        definition: {
          type: made.type,
          version: 1,
          title: made.title,
          category: 'Custom',
          description: made.description,
          inputs: made.inputs,
          outputs: made.outputs,
          config: made.config,
        },
        code: made.code,
      },
    ]);

    const other = await signUp(weft());
    const res = await importFile(other, file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().workflow.nodes.map((n: { data: { type: string } }) => n.data.type)).toEqual(['input.text', made.type, 'output']);
    const theirs = await customNodesOf(other);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ type: made.type, title: made.title, inputs: made.inputs, code: made.code, version: 1 });
    expect(theirs[0].id).not.toBe(made.id);
    const definitions = (await inject(other, 'GET', '/api/node-definitions')).json().definitions.map((d: { type: string }) => d.type);
    expect(definitions).toContain(made.type);

    // Importing again reuses the identical type instead of making a copy.
    expect((await importFile(other, file)).statusCode).toBe(201);
    expect(await customNodesOf(other)).toHaveLength(1);
    // And the second account's export carries it on.
    const again = await exportOf(other, res.json().workflow);
    expect(again.customNodes.map((c: { type: string; code: string }) => [c.type, c.code])).toEqual([[made.type, made.code]]);
  });

  it('gives a clashing type a new id and re-points the nodes, leaving the existing type alone', async () => {
    const owner = await signUp(weft());
    const made = await createType(owner);
    const file = await exportOf(owner, workflowUsing(made.type));

    const other = await signUp(weft());
    const own = await createType(other, wordCountBody({ code: 'return { count: 0 };' }));
    expect(own.type).toBe(made.type);
    const res = await importFile(other, file);
    expect(res.statusCode, res.body).toBe(201);
    const countNode = res.json().workflow.nodes.find((n: { id: string }) => n.id === 'count');
    expect(countNode.data.type).toBe('custom.word-count-2');
    const types = await customNodesOf(other);
    expect(types.map((t: { type: string; code: string }) => [t.type, t.code])).toEqual([
      [own.type, 'return { count: 0 };'],
      ['custom.word-count-2', made.code],
    ]);
  });

  it('re-points nodes to an identical type the importer has under another id', async () => {
    const owner = await signUp(weft());
    const made = await createType(owner);
    const file = await exportOf(owner, workflowUsing(made.type));
    const other = await signUp(weft());
    await createType(other, wordCountBody({ title: 'Placeholder' }));
    // Same declaration as the owner's, but the slug is taken, so it lands on another id.
    const twin = await createType(other, wordCountBody());
    const renamed = { ...file, customNodes: [{ ...file.customNodes[0], type: 'custom.counter' }] };
    renamed.nodes = file.nodes.map((n: { data: { type: string } }) => (n.data.type === made.type ? { ...n, data: { ...n.data, type: 'custom.counter' } } : n));
    const res = await importFile(other, renamed);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().workflow.nodes.find((n: { id: string }) => n.id === 'count').data.type).toBe(twin.type);
    expect(await customNodesOf(other)).toHaveLength(2);
  });

  it('creates nothing when the file is wrong, naming the problem', async () => {
    const owner = await signUp(weft());
    const made = await createType(owner);
    const file = await exportOf(owner, workflowUsing(made.type));
    const other = await signUp(weft());

    const badPort = {
      ...file,
      customNodes: [{ ...file.customNodes[0], definition: { ...file.customNodes[0].definition, inputs: [{ id: 'Text', label: 'T', type: 'text' }] } }],
    };
    const res = await importFile(other, badPort);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Not a valid Weft workflow file: customNodes.0 (${made.type}).inputs.0.id: Port ids start with a lowercase letter and use only a-z, 0-9, _ and -`,
    );

    // A valid type but a broken graph: the type must not be created on its own either.
    const badEdge = { ...file, edges: [{ ...file.edges[0], targetHandle: 'nope' }, file.edges[1]] };
    const graph = await importFile(other, badEdge);
    expect(graph.statusCode).toBe(400);
    expect(graph.json().message).toBe('Edge "e1" ends at input "nope", which node "count" (Word count) does not have');
    expect(await customNodesOf(other)).toEqual([]);
    expect(await weft().services.workflows.count(other.userId)).toBe(0);
  });
});
