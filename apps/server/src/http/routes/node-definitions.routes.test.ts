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

  it('sends the preview flag of nodes that run in a later release', async () => {
    const body = (await weft().app.inject({ method: 'GET', url: '/api/node-definitions' })).json();
    const previews = body.definitions.filter((d: { preview?: boolean }) => d.preview === true).map((d: { type: string }) => d.type);
    expect(previews).toEqual(BUILTIN_NODES.filter((n) => n.preview).map((n) => n.type));
    expect(previews).toContain('rag.load');
    expect(previews).not.toContain('llm.chat');
    expect(body.definitions.find((d: { type: string }) => d.type === 'input.text').preview).toBeUndefined();
  });
});
