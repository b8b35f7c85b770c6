import { CONVERSIONS, DATA_TYPES } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestWeft } from '../../test-support/test-weft.js';

describeEachDatabase('node definition routes', (database) => {
  const weft = useTestWeft(database);

  it('serves the catalogue, data types and conversions to anyone, with a short cache', async () => {
    const res = await weft().app.inject({ method: 'GET', url: '/api/node-definitions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    expect(body.definitions.map((d: { type: string }) => d.type)).toEqual(BUILTIN_NODES.map((n) => n.type));
    expect(body.dataTypes).toEqual([...DATA_TYPES]);
    expect(body.conversions).toEqual(CONVERSIONS.map((c) => ({ ...c })));
  });

  it('sends each definition whole, including the variable inputs of the merger', async () => {
    const body = (await weft().app.inject({ method: 'GET', url: '/api/node-definitions' })).json();
    const merger = body.definitions.find((d: { type: string }) => d.type === 'merge');
    expect(merger).toEqual(JSON.parse(JSON.stringify(BUILTIN_NODES.find((n) => n.type === 'merge'))));
    expect(merger.variableInputs).toMatchObject({ countKey: 'inputCount', idPrefix: 'input-' });
  });

  it('marks no built-in as a preview: every node in the library runs', async () => {
    const body = (await weft().app.inject({ method: 'GET', url: '/api/node-definitions' })).json();
    const previews = body.definitions.filter((d: { preview?: boolean }) => d.preview !== undefined).map((d: { type: string }) => d.type);
    expect(previews).toEqual([]);
    const types = body.definitions.map((d: { type: string }) => d.type);
    for (const type of ['slack.message', 'email.send', 'rag.load']) expect(types).toContain(type);
  });
});
