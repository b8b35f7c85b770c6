import { afterEach, describe, expect, it } from 'vitest';
import { insertWorkflow, node, workflow } from '../test-support/run-fixtures.js';
import { type ScaleOutCluster, startScaleOutCluster } from '../test-support/scale-out-weft.js';
import { endAndSettle, moreTicksStarted } from '../test-support/scheduled-ticks.js';
import { overlapRecorder, RECORD_NODE_TYPE } from '../test-support/scheduler-fixture.js';
import { signUp } from '../test-support/test-weft.js';

/** Each run takes longer than the schedule's second, so ticks keep meeting a run still going. */
const RUN_MS = 1_500;

/**
 * Issue 21: with two API processes the overlap rule broke 17 times in 5 minutes (11 runs
 * really ran side by side), and with `queue` later ticks overtook the waiting one. Two API
 * processes (each with its scheduler driver on real timers) and two workers share one
 * database and Redis; a per-second schedule's runs take 1.5 s. The node counts how many of
 * the schedule's runs go at once across the whole cluster (it lives in this one process).
 */
describe('two API processes decide a schedule’s overlap once (issue 21)', () => {
  let cluster: ScaleOutCluster | undefined;
  afterEach(async () => {
    await cluster?.close();
    cluster = undefined;
  });

  for (const policy of ['skip', 'buffer_one', 'buffer_all'] as const) {
    it(`${policy}: never two runs side by side${policy === 'skip' ? '' : ', and they run in the order of their ticks'}`, { timeout: 120_000 }, async () => {
      const recorded = overlapRecorder(RUN_MS);
      cluster = await startScaleOutCluster({
        env: { WEFT_SCHEDULE_MIN_INTERVAL_SECONDS: '1' },
        nodePackages: [{ name: 'test nodes', nodes: [recorded.nodeType] }],
      });
      const { api } = cluster;
      await cluster.startApi();
      await cluster.startWorker();
      const user = await signUp(api);
      const workflowId = await insertWorkflow(api, user.userId, workflow('Slow', [node('r', RECORD_NODE_TYPE)], []));
      const created = await api.app.inject({
        method: 'POST',
        url: '/api/schedules',
        headers: user.headers,
        payload: { workflowId, cron: '* * * * * *', overlapPolicy: policy },
      });
      expect(created.statusCode, created.body).toBe(201);
      const scheduleId = created.json().id as string;
      await moreTicksStarted(api.services.db, scheduleId, 4, 60_000);
      await endAndSettle(api, user, scheduleId);

      expect(recorded.mostAtOnce()).toBe(1);
      const runs = await api.services.db
        .selectFrom('executions')
        .select(['id', 'scheduled_for', 'status'])
        .where('schedule_id', '=', scheduleId)
        .orderBy('scheduled_for')
        .execute();
      expect(runs.every((run) => run.status === 'success')).toBe(true);
      const ticks = await api.services.db.selectFrom('schedule_ticks').select(['outcome']).where('schedule_id', '=', scheduleId).execute();
      // Each tick ran, waited its turn and then ran, or was skipped: none is left open.
      expect(ticks.filter((tick) => tick.outcome === 'started')).toHaveLength(runs.length);
      if (policy !== 'skip') {
        const instantOf = new Map(runs.map((run) => [run.id, run.scheduled_for]));
        expect(recorded.order().map((id) => instantOf.get(id))).toEqual(runs.map((run) => run.scheduled_for));
      }
      if (policy === 'buffer_all') expect(ticks.filter((tick) => tick.outcome === 'skipped')).toHaveLength(0);
    });
  }
});
