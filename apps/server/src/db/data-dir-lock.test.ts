import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { createWeftPlace, removeWeftPlace, startWeftAt, type WeftPlace } from '../test-support/restartable-weft.js';
import { edge, node, workflow } from '../test-support/run-fixtures.js';
import { refusedStart, type SourceWeft, signUpOn, startSourceWeft } from '../test-support/source-weft.js';
import { holderFile } from './data-dir-lock.js';

/**
 * Issue 19: a second process on the same SQLite file marked the first one's running runs
 * failed (its start fails every run left "running"). Real processes: a Weft started from
 * the sources holds a folder, a second one is refused, and once the first is killed the
 * folder is free again however it died.
 */
describe('one process per data folder', () => {
  let place: WeftPlace;
  let first: SourceWeft | undefined;
  let peer: HttpPeer | undefined;
  afterEach(async () => {
    await first?.kill();
    await peer?.close();
    removeWeftPlace(place);
  });

  // Two or three starts of a process from the sources: far more than the default test timeout on a loaded machine.
  it('refuses a second process, naming the first, leaves its runs alone, and starts once the first is killed', { timeout: 180_000 }, async () => {
    place = await createWeftPlace('sqlite');
    peer = await startHttpPeer();
    first = await startSourceWeft({ dataDir: place.dataDir, env: { WEFT_ALLOW_PRIVATE_NETWORK: '1', WEFT_SCHEDULER: 'off' } });
    const firstPid = first.child.pid;
    const token = await signUpOn(first);
    // A run that stays running: its HTTP Request waits on a peer that never answers.
    const document = workflow(
      'Held',
      [node('call', 'http.request', { method: 'GET', url: `${peer.url}/slow`, responseAs: 'text', timeoutSeconds: 300 }), node('out', 'output')],
      [edge('call', 'out')],
    );
    const created = await first.call<{ workflow: { id: string } }>('POST', '/api/workflows', { body: document, token });
    expect(created.status).toBe(201);
    const started = await first.call<{ execution: { id: string } }>('POST', `/api/workflows/${created.body.workflow.id}/run`, { body: {}, token });
    expect(started.status).toBe(202);
    const executionId = started.body.execution.id;
    await peer.waitForRequests(1, { timeoutMs: 30_000 });

    // A second `weft start` on the folder stops before touching the database, naming the first.
    const second = await refusedStart({ dataDir: place.dataDir });
    expect(second.code).toBe(1);
    const dataDir = path.resolve(place.dataDir);
    expect(second.log).toMatch(
      new RegExp(
        `The data folder ${dataDir.replaceAll('/', '\\/')} \\(DATA_DIR\\) is in use by another Weft process ${firstPid} on ${os.hostname()}, running since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\. Two processes on one SQLite database would fail each other’s runs`,
      ),
    );
    expect(second.log).toContain('Stop the other process first, or give this one a DATA_DIR of its own');
    // The first one never noticed: its run is still going, and it answers.
    const running = await first.call<{ execution: { status: string } }>('GET', `/api/executions/${executionId}`, { token });
    expect(running.body.execution.status).toBe('running');
    expect((await first.call('GET', '/api/health')).status).toBe(200);

    // Killed, the first leaves its pid file behind; the operating system let go of the lock.
    await first.kill();
    expect(JSON.parse(fs.readFileSync(holderFile(place.dataDir), 'utf8'))).toMatchObject({ pid: firstPid });
    const restarted = await startWeftAt(place);
    try {
      expect(JSON.parse(fs.readFileSync(holderFile(place.dataDir), 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
      const row = await restarted.services.db.selectFrom('executions').select(['status', 'error']).where('id', '=', executionId).executeTakeFirstOrThrow();
      expect(row.status).toBe('error');
      // And a second Weft in this very process is refused the same way.
      await expect(startWeftAt(place)).rejects.toThrow(`is in use by another Weft process ${process.pid} (this one: it opened the folder twice)`);
    } finally {
      await restarted.close();
    }
    // A clean stop takes its pid file with it.
    expect(fs.existsSync(holderFile(place.dataDir))).toBe(false);
  });
});
