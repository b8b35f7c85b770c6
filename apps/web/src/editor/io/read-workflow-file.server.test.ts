/**
 * The editor's import against a real Weft: the same file goes to the server's import
 * (`POST /api/workflows/import`) and through `readWorkflowFile` with the catalogue the
 * server sends the editor. Whatever the server refuses, the editor refuses in the same
 * words, so a file that opens on the canvas also saves.
 */
import type { NodeDefinition } from '@weft/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestWeft, type TestWeft } from '../../../../server/src/test-support/test-weft.js';
import { greetingWorkflow } from '../../../../server/src/test-support/workflow-fixtures.js';
import { readWorkflowFile } from './read-workflow-file';

let weft: TestWeft;
let user: SignedIn;
let definitions: NodeDefinition[];

beforeAll(async () => {
  weft = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });
  user = await signUp(weft);
  const answer = await weft.app.inject({ method: 'GET', url: '/api/node-definitions', headers: user.headers });
  definitions = (answer.json() as { definitions: NodeDefinition[] }).definitions;
});
afterAll(async () => {
  await weft?.close();
});

/** The server's answer to importing `file`: its status and message. */
async function serverImport(file: unknown): Promise<{ status: number; message?: string }> {
  const answer = await weft.app.inject({ method: 'POST', url: '/api/workflows/import', headers: user.headers, payload: file as object });
  return { status: answer.statusCode, message: (answer.json() as { message?: string }).message };
}

const greeting = { weft: 'workflow', ...greetingWorkflow('Imported') };
const [textInput, output] = greeting.nodes as [(typeof greeting.nodes)[number], (typeof greeting.nodes)[number]];

describe('the editor import refuses what the server import refuses, in the same words', () => {
  it('takes a sound export, as the server does', async () => {
    expect(readWorkflowFile(JSON.stringify(greeting), definitions)).toMatchObject({ ok: true, document: { name: 'Imported' } });
    expect((await serverImport(greeting)).status).toBe(201);
  });

  it.each([
    // What the editor let through before: checked only by the server's save.
    ['a config value its field does not take', { ...greeting, nodes: [textInput, { ...output, data: { ...output.data, config: { format: 'xml' } } }] }],
    ['pinned data of the wrong type', { ...greeting, pinData: { in: { output: 42 } } }],
    // Refused by both before, with other words in the editor.
    ['a file from a newer Weft', { ...greeting, schemaVersion: 99 }],
    ['another kind of Weft file', { weft: 'template', name: 'T' }],
    // Refused by both, already alike.
    ['an unknown node type', { ...greeting, nodes: [{ ...textInput, data: { ...textInput.data, type: 'foo.bar' } }], edges: [] }],
    ['a node without an id', { ...greeting, nodes: [{ type: 'custom' }] }],
  ])('%s', async (_what, file) => {
    const server = await serverImport(file);
    expect(server.status).toBe(400);
    expect(readWorkflowFile(JSON.stringify(file), definitions)).toEqual({ ok: false, message: server.message });
  });
});
