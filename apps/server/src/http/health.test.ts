import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createWeft } from '../main.js';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { mountSmallDisk, type SmallDisk, smallDiskUnavailable } from '../test-support/small-disk.js';
import { signUp, startTestWeft } from '../test-support/test-weft.js';

/** Issue 9, fault 7: a readiness answer, and 503 with Retry-After (not 500) while a process stops. */
describe('health and shutdown', () => {
  it('answers ready with the database checked, and 503 naming it when it does not answer', async () => {
    const weft = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' } });
    const ready = await weft.app.inject({ method: 'GET', url: '/api/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: 'ok' });

    await weft.database.close();
    // One probe serves the polls of a second (health.ts): the next one says it.
    await expect.poll(async () => (await weft.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    const broken = await weft.app.inject({ method: 'GET', url: '/api/health' });
    expect(broken.statusCode).toBe(503);
    expect(broken.headers['retry-after']).toBe('5');
    expect(broken.json()).toMatchObject({ ok: false, database: expect.stringMatching(/^error: /) });
    await weft.app.close();
  });

  it('answers 503 with Retry-After, not 500, to every API request while stopping', async () => {
    const gateMap = gates();
    const weft = await startTestWeft('sqlite', { env: { WEFT_SCHEDULER: 'off' }, ...withNodeTypes(gateNodeType(gateMap)) });
    const user = await signUp(weft);
    const workflowId = await insertWorkflow(
      weft,
      user.userId,
      workflow('Held', [node('hold', GATE_NODE_TYPE, { gate: 'g' }), node('out', 'output')], [edge('hold', 'out')]),
    );
    const started = await weft.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/run`, headers: user.headers, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    await gateMap.named('g').entered;

    const closing = weft.close();
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/workflows'],
      ['POST', `/api/workflows/${workflowId}/run`],
    ] as const) {
      const answer = await weft.app.inject({ method, url, headers: user.headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ code: 'shutting_down', detail: 'Weft is restarting. Try again in a few seconds.' });
    }
    await closing;
  });
});

const noSmallDisk = smallDiskUnavailable();
if (noSmallDisk) console.warn(`Skipping the full-disk health test: ${noSmallDisk}`);

/**
 * Issue 19: `/api/health` said ok while SQLite's disk was full. Weft runs on a small disk
 * of the test's own (a tmpfs), which is then filled for real.
 */
describe.skipIf(noSmallDisk !== undefined)('health when the database’s disk is full', () => {
  let disk: SmallDisk | undefined;
  afterEach(() => disk?.remove());

  it('answers 503 saying the disk is full, and ok again once there is room', async () => {
    disk = mountSmallDisk(32);
    const dataDir = path.join(disk.dir, 'data');
    const weft = await createWeft({ config: loadConfig({ DATA_DIR: dataDir, WEFT_SCHEDULER: 'off', LOG_LEVEL: 'silent' }), logger: pino({ level: 'silent' }) });
    try {
      expect((await weft.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      disk.fill();
      const full = await weft.app.inject({ method: 'GET', url: '/api/health' });
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('5');
      expect(full.json()).toEqual({
        ok: false,
        database: expect.stringMatching(
          new RegExp(
            `^error: the disk holding ${dataDir.replaceAll('/', '\\/')} is full \\(\\d+ KiB free\\): Weft cannot store runs or changes\\. Free some space on it\\.$`,
          ),
        ),
      });

      disk.unfill();
      const again = await weft.app.inject({ method: 'GET', url: '/api/health' });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await weft.close();
    }
  });
});
