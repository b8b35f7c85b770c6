import type { Schedule } from '@weft/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { WeftWorker } from '../main.js';
import { type HttpPeer, startHttpPeer } from '../test-support/http-peer.js';
import { createWeftPlace, removeWeftPlace, type WeftPlace } from '../test-support/restartable-weft.js';
import { createWorkflow, edge, GATE_NODE_TYPE, gateNodeType, gates, node, withNodeTypes, workflow } from '../test-support/run-fixtures.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { type SourceWeft, signUpOn, startSourceWeft } from '../test-support/source-weft.js';
import { signUp } from '../test-support/test-weft.js';
import { CRASHES_TO_PAUSE, crashPauseReason } from './crash-pauses.js';

interface ExecutionRow {
  id: string;
  status: string;
  error: string | null;
}

/**
 * Issue 19: a schedule every 30 s on a file that crashed the server put it in a crash loop
 * (dead, restarted, dead again) with no way back short of editing the database. Here the
 * server is a real process, killed (SIGKILL) while a scheduled run is going, and started
 * again on the same folder; each start from the sources takes seconds, more when the
 * machine is loaded, hence the long timeout.
 */
describe('a schedule whose runs go down with the server (SQLite, real process kills)', () => {
  let place: WeftPlace;
  let peer: HttpPeer;
  let weft: SourceWeft | undefined;
  afterEach(async () => {
    await weft?.kill();
    await peer?.close();
    removeWeftPlace(place);
  });

  const start = async () => {
    weft = await startSourceWeft({ dataDir: place.dataDir, env: { WEFT_ALLOW_PRIVATE_NETWORK: '1', WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1' } });
    return weft;
  };

  it('marks each lost run, pauses the schedule after two crashes with the reason, and resuming clears it; a clean stop does not count', {
    timeout: 400_000,
  }, async () => {
    place = await createWeftPlace('sqlite');
    // Each run calls a peer that never answers: a run stays going until its process ends.
    peer = await startHttpPeer();
    let server = await start();
    const token = await signUpOn(server);
    const document = workflow(
      'Takes the server down',
      [node('call', 'http.request', { method: 'GET', url: `${peer.url}/slow`, responseAs: 'text', timeoutSeconds: 300 }), node('out', 'output')],
      [edge('call', 'out')],
    );
    const workflowId = (await server.call<{ workflow: { id: string } }>('POST', '/api/workflows', { body: document, token })).body.workflow.id;
    const created = await server.call<Schedule>('POST', '/api/schedules', { body: { workflowId, intervalSeconds: 1 }, token });
    expect(created.status).toBe(201);
    const scheduleId = created.body.id;
    const schedule = async () => (await server.call<Schedule>('GET', `/api/schedules/${scheduleId}`, { token })).body;
    const executions = async () =>
      (await server.call<{ executions: ExecutionRow[] }>('GET', `/api/executions?workflowId=${workflowId}`, { token })).body.executions;
    const execution = async (id: string) => (await server.call<{ execution: ExecutionRow }>('GET', `/api/executions/${id}`, { token })).body.execution;
    /** The run going now (the one the peer has just been called by). */
    const going = async () => {
      const running = (await executions()).filter((run) => run.status === 'running');
      expect(running).toHaveLength(1);
      return running[0] as ExecutionRow;
    };
    /** Once the peer has had `calls` calls, ends the server with a run going (`kill`: a crash, `stop`: SIGTERM) and starts it again; answers that run. */
    const endWhileGoing = async (calls: number, end: 'kill' | 'stop') => {
      await peer.waitForRequests(calls, { timeoutMs: 30_000 });
      const run = await going();
      await server[end]();
      server = await start();
      return run;
    };

    // First crash, with the first run going.
    const first = await endWhileGoing(1, 'kill');
    expect(await execution(first.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(
        /^The server stopped unexpectedly while this execution was running \(noticed at the restart at .+\)\. It was not run again\.$/,
      ),
    });
    // One crash may be anything: the schedule goes on.
    expect(await schedule()).toMatchObject({ enabled: true });
    expect((await schedule()).pausedReason).toBeUndefined();

    // Second crash, with the next run going: now the schedule is paused, saying why.
    const second = await endWhileGoing(2, 'kill');
    const paused = await schedule();
    expect(paused).toMatchObject({ enabled: false, pausedReason: crashPauseReason(CRASHES_TO_PAUSE), nextRuns: [] });
    expect((await server.call<Schedule[]>('GET', '/api/schedules', { token })).body).toEqual([
      expect.objectContaining({ id: scheduleId, pausedReason: paused.pausedReason }),
    ]);
    // Nothing was started: the two lost runs are all there is.
    expect((await executions()).map((run) => [run.id, run.status])).toEqual([
      [second.id, 'error'],
      [first.id, 'error'],
    ]);

    // Resuming clears the reason and the schedule fires again (so, paused, it did not).
    const resumed = await server.call<Schedule>('POST', `/api/schedules/${scheduleId}/resume`, { token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.enabled).toBe(true);
    expect(resumed.body.pausedReason).toBeUndefined();

    // A clean stop (SIGTERM) stores its run as stopped: that is no crash, and breaks the count.
    const third = await endWhileGoing(3, 'stop');
    expect(await execution(third.id)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^The server stopped while this execution was running \(shutdown at .+\)\.$/),
    });
    expect(await schedule()).toMatchObject({ enabled: true });
  });
});

/**
 * The same in scale-out mode: a worker that dies under a scheduled run has it failed by the
 * orphan sweep, and two such deaths in a row pause the schedule.
 */
describe('a schedule whose runs go down with their worker (scale-out)', () => {
  const held = gates();
  const getCluster = useScaleOutCluster({
    ...withNodeTypes(gateNodeType(held)),
    // Stale after 3 heartbeats: 300 ms.
    env: { WEFT_RUN_HEARTBEAT_MS: '100', WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1' },
  });
  afterAll(() => held.named('forever').open());

  it('pauses the schedule after its runs died with two workers, with the reason', { timeout: 60_000 }, async () => {
    const cluster = getCluster();
    const { api } = cluster;
    const workers: WeftWorker[] = [cluster.worker, await cluster.startWorker(), await cluster.startWorker()];
    const user = await signUp(api);
    const workflowId = await createWorkflow(
      api,
      user,
      workflow(
        'Kills its worker',
        [node('in', 'input.text', { text: 'x' }), node('g', GATE_NODE_TYPE, { gate: 'forever' }), node('out', 'output')],
        [edge('in', 'g'), edge('g', 'out')],
      ),
    );
    const created = await api.app.inject({ method: 'POST', url: '/api/schedules', headers: user.headers, payload: { workflowId, intervalSeconds: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = (created.json() as Schedule).id;
    const schedule = async () => (await api.app.inject({ method: 'GET', url: `/api/schedules/${scheduleId}`, headers: user.headers })).json() as Schedule;
    const runs = () =>
      api.services.db.selectFrom('executions').select(['id', 'status', 'error', 'runner_id', 'orphaned']).where('schedule_id', '=', scheduleId).execute();

    const dead = new Set<string>();
    for (let death = 1; death <= CRASHES_TO_PAUSE; death++) {
      // A run going on a live worker: that worker dies under it, and the sweep fails it.
      await expect.poll(async () => (await runs()).some((run) => run.status === 'running' && !dead.has(run.runner_id ?? '')), { timeout: 20_000 }).toBe(true);
      const going = (await runs()).find((run) => run.status === 'running' && !dead.has(run.runner_id ?? ''));
      const worker = workers.find((each) => each.runnerId === going?.runner_id);
      if (!going || !worker) throw new Error('no worker holds the run');
      await worker.abandon();
      dead.add(worker.runnerId);
      await expect.poll(async () => (await runs()).find((run) => run.id === going.id)?.status, { timeout: 20_000 }).toBe('error');
      expect((await runs()).find((run) => run.id === going.id)).toMatchObject({
        orphaned: 1,
        error: expect.stringMatching(/^The worker running this execution stopped responding/),
      });
      if (death < CRASHES_TO_PAUSE) expect(await schedule()).toMatchObject({ enabled: true });
    }
    await expect.poll(async () => (await schedule()).enabled, { timeout: 20_000 }).toBe(false);
    expect(await schedule()).toMatchObject({ pausedReason: crashPauseReason(CRASHES_TO_PAUSE) });
    // Paused, it fires no more.
    expect((await api.services.scheduler.runDue()).started).toBe(0);
  });
});
