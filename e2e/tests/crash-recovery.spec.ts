import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SPARE_APP_PORT } from '../support/constants.js';
import { spawnWeft } from '../support/spawn-weft.js';

const PORT = SPARE_APP_PORT;

/** An HTTP server that takes requests and never answers: a run that calls it stays running. */
async function startBlackHole(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((_req, res) => {
    hits += 1;
    open.add(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slow`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

test('a server killed with SIGKILL during a run marks the execution failed with a reason on restart', async () => {
  test.setTimeout(90_000);
  const hole = await startBlackHole();
  let weft = await spawnWeft({ port: PORT });
  const dataDir = weft.dataDir;
  try {
    const signup = await fetch(`${weft.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash test password', subscribe: false }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const node = (id: string, type: string, config: Record<string, unknown>) => ({
      id,
      type: 'custom',
      position: { x: 0, y: 0 },
      data: { label: id, type, config },
    });
    const created = await fetch(`${weft.url}/api/workflows`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Crash me',
        nodes: [node('call', 'http.request', { method: 'GET', url: hole.url, responseAs: 'text', timeoutSeconds: 300 }), node('out', 'output', {})],
        edges: [{ id: 'e1', source: 'call', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: { type: 'text' } }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { workflow } = (await created.json()) as { workflow: { id: string } };

    const started = await fetch(`${weft.url}/api/workflows/${workflow.id}/run`, { method: 'POST', headers, body: '{}' });
    expect(started.status, await started.clone().text()).toBe(202);
    const { execution } = (await started.json()) as { execution: { id: string } };
    await expect.poll(hole.hits, { timeout: 10_000 }).toBe(1);
    const running = await fetch(`${weft.url}/api/executions/${execution.id}`, { headers });
    expect(((await running.json()) as { execution: { status: string } }).execution.status).toBe('running');

    weft.process.kill('SIGKILL');
    await new Promise((resolve) => weft.process.once('exit', resolve));

    weft = await spawnWeft({ port: PORT, dataDir });
    const after = await fetch(`${weft.url}/api/executions/${execution.id}`, { headers });
    const { execution: recovered } = (await after.json()) as { execution: { status: string; error: string; finishedAt: string | null } };
    expect(recovered.status).toBe('error');
    expect(recovered.error).toMatch(/server stopped/i);
    expect(recovered.finishedAt).not.toBeNull();
  } finally {
    weft.process.kill('SIGTERM');
    await hole.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
