import type { RunEvent } from '@weft/core';
import type { NodePackage } from '@weft/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Weft } from '../main.js';
import type { ExecutionSummary } from '../runs/execution-types.js';
import { toDetail } from '../runs/executions.repository.js';
import { storedEventsOf } from '../runs/run-data-storage.js';
import { edge, GATE_NODE_TYPE, gateNodeType, gates, insertWorkflow, node, withNodeTypes, workflow } from './run-fixtures.js';
import { type SignedIn, signUp } from './test-weft.js';

/** What a backend under test is started with: one run at a time, and the suite's test node types. */
export interface RunBackendSetup {
  env: Record<string, string>;
  nodePackages: NodePackage[];
}

/** One mode of running, as the suite sees it: the process it talks to, and a crash of the process running the runs. */
export interface RunBackendUnderTest {
  /** Where runs are started, waited for, cancelled and watched (after `crashRunner`, the process that recovered). */
  readonly api: Weft;
  /**
   * The process executing the runs dies without a word: nothing more it does reaches
   * storage or the other processes. Resolves once a process that recovers such runs is up
   * (embedded: a new server on the same database; scale-out: a new worker, the API sweeps).
   */
  crashRunner(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What every run mode promises the run service (runs/run-launcher.ts), run against each:
 * embedded on SQLite and PostgreSQL, scale-out on PostgreSQL, BullMQ and Redis. Runs are
 * held in the middle by gates (never by time), one runs at a time (WEFT_RUN_CONCURRENCY=1),
 * so a second one waits as `queued`.
 */
export function describeRunBackendContract(name: string, make: (setup: RunBackendSetup) => Promise<RunBackendUnderTest>): void {
  describe(`Run backend contract: ${name}`, () => {
    const held = gates();
    let subject: RunBackendUnderTest | undefined;
    beforeAll(async () => {
      subject = await make({ env: { WEFT_RUN_CONCURRENCY: '1' }, ...withNodeTypes(gateNodeType(held)) });
    });
    afterAll(async () => {
      await subject?.close();
    });
    const api = () => {
      if (!subject) throw new Error('backend not started');
      return subject.api;
    };

    async function startGated(user: SignedIn, gate: string): Promise<ExecutionSummary> {
      const document = workflow(
        gate,
        [node('in', 'input.text', { text: 'go' }), node('gate', GATE_NODE_TYPE, { gate }), node('out', 'output')],
        [edge('in', 'gate'), edge('gate', 'out')],
      );
      const workflowId = await insertWorkflow(api(), user.userId, document);
      const started = await api().services.runs.start({ userId: user.userId, workflowId, trigger: 'manual' });
      if (!started.ok) throw new Error(started.message);
      return started.execution;
    }

    async function storedRow(id: string) {
      return api().services.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }

    const storedNodes = (row: Awaited<ReturnType<typeof storedRow>>) => toDetail(row).nodes;

    /** Watches from `after` on, collecting what comes until the end. */
    async function watch(user: SignedIn, id: string, after = 0) {
      const seen: [number, RunEvent][] = [];
      let end!: () => void;
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      const stop = await api().services.runs.watch(user.userId, id, after, { event: (seq, event) => seen.push([seq, event]), end });
      if (!stop) throw new Error('not the user’s execution');
      return { seen, ended, stop };
    }

    it('starts a run, answers it while it goes, and waitFor answers it once its end is stored', async () => {
      const user = await signUp(api());
      const execution = await startGated(user, 'start');
      await held.named('start').entered;
      // A wait that runs out answers the run as it is.
      expect(await api().services.runs.waitFor(execution.id, 20)).toMatchObject({ id: execution.id, status: 'running' });
      expect(await api().services.runs.get(user.userId, execution.id)).toMatchObject({ status: 'running', nodes: { gate: { status: 'running' } } });
      held.named('start').open();
      const done = await api().services.runs.waitFor(execution.id);
      expect(done).toMatchObject({ status: 'success', error: null, outputs: { out: 'go' } });
      expect(await storedRow(execution.id)).toMatchObject({ status: 'success' });
      expect(await api().services.runs.get(user.userId, execution.id)).toMatchObject({ status: 'success', outputs: { out: 'go' } });
      // Another user's execution is a missing one.
      const stranger = await signUp(api());
      expect(await api().services.runs.get(stranger.userId, execution.id)).toBeUndefined();
    });

    it('watch: from the start and joining mid-run, every event once and in order, as stored; after the end, from Last-Event-ID', async () => {
      const user = await signUp(api());
      const execution = await startGated(user, 'watch');
      const early = await watch(user, execution.id);
      await held.named('watch').entered;
      const late = await watch(user, execution.id);
      await expect.poll(() => late.seen.some(([, event]) => event.type === 'node:log' && event.nodeId === 'gate')).toBe(true);
      held.named('watch').open();
      await Promise.all([early.ended, late.ended]);
      // Watchers may hear the end before it is stored.
      await api().services.runs.waitFor(execution.id);
      const stored = storedEventsOf(await storedRow(execution.id), execution.id);
      expect(stored.at(-1)).toMatchObject({ type: 'run:finished', status: 'success' });
      for (const watcher of [early, late]) {
        expect(watcher.seen.map(([seq]) => seq)).toEqual(stored.map((_, index) => index + 1));
        expect(watcher.seen.map(([, event]) => event)).toEqual(stored);
      }
      const resumed = await watch(user, execution.id, stored.length - 2);
      await resumed.ended;
      expect(resumed.seen.map(([seq]) => seq)).toEqual([stored.length - 1, stored.length]);
    });

    it('cancels a running run (the engine stops it) and a queued one (it never runs)', async () => {
      const user = await signUp(api());
      const running = await startGated(user, 'cancel-running');
      await held.named('cancel-running').entered;
      const queued = await startGated(user, 'cancel-queued');
      expect((await storedRow(queued.id)).status).toBe('queued');

      expect(await api().services.runs.cancel(user.userId, queued.id)).toMatchObject({ status: 'cancelled', error: 'Run cancelled' });
      expect(await api().services.runs.cancel(user.userId, running.id)).toMatchObject({ status: 'cancelled' });
      const runningRow = await storedRow(running.id);
      expect(runningRow.status).toBe('cancelled');
      const events = storedEventsOf(runningRow, running.id);
      expect(events.at(-1)).toMatchObject({ type: 'run:finished', status: 'cancelled' });
      expect(storedNodes(runningRow).gate).toMatchObject({ status: 'error' });
      expect(events).toContainEqual(expect.objectContaining({ type: 'node:skipped', nodeId: 'out' }));
      expect(events.some((event) => event.type === 'node:log' && event.message === 'through the gate')).toBe(false);
      // Cancelling again answers the finished execution as it is.
      expect(await api().services.runs.cancel(user.userId, running.id)).toMatchObject({ status: 'cancelled' });

      // The queued one never started, even with the slot free again.
      held.named('cancel-running').open();
      expect(await api().services.runs.waitFor(queued.id)).toMatchObject({ status: 'cancelled' });
      const queuedRow = await storedRow(queued.id);
      expect(queuedRow).toMatchObject({ status: 'cancelled', started_at: null });
      expect(storedEventsOf(queuedRow, queued.id)).toEqual([expect.objectContaining({ type: 'run:finished', status: 'cancelled' })]);
      const watcher = await watch(user, queued.id);
      await watcher.ended;
      expect(watcher.seen.map(([, event]) => event.type)).toEqual(['run:finished']);
    });

    // Last: the runner it crashes is gone for good.
    it('ends a run whose runner died as failed, never runs it again, and tells its watchers', async () => {
      if (!subject) throw new Error('backend not started');
      const user = await signUp(api());
      const execution = await startGated(user, 'crash');
      await held.named('crash').entered;
      await subject.crashRunner();
      const ended = await api().services.runs.waitFor(execution.id);
      expect(ended).toMatchObject({ status: 'error', error: expect.stringMatching(/stopped/) });
      expect(await storedRow(execution.id)).toMatchObject({ status: 'error', orphaned: 1 });
      const watcher = await watch(user, execution.id);
      await watcher.ended;
      expect(watcher.seen.at(-1)?.[1]).toMatchObject({ type: 'run:finished', status: 'error' });
    });
  });
}
