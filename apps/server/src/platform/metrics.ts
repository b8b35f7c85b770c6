import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

/**
 * What operators watch, in the Prometheus text format their tools read (prom-client):
 * runs started and finished by status, how long they take, what waits in this process's
 * queue, runs judged lost by the orphan sweep (lease expiries), runs it queued again and
 * retried final writes, what became of scheduled ticks and how late their runs started,
 * plus Node's own process metrics. One registry per Weft, so several in one process (the
 * tests) do not share counts.
 *
 * Off (no WEFT_METRICS_TOKEN, so no GET /metrics) the recorders do nothing and prom-client
 * is never loaded: it cost 10 MiB and 55 ms of CPU at every start (bench/README.md, Cold start).
 */
export interface Metrics {
  /** What GET /metrics reads; undefined while metrics are off. */
  readonly registry: PromClient.Registry | undefined;
  readonly runsStarted: Pick<PromClient.Counter<'trigger'>, 'inc'>;
  readonly runsFinished: Pick<PromClient.Counter<'status'>, 'inc'>;
  readonly runDuration: Pick<PromClient.Histogram<'status'>, 'observe'>;
  readonly leaseExpiries: Pick<PromClient.Counter, 'inc'>;
  readonly finalWriteRetries: Pick<PromClient.Counter, 'inc'>;
  /** Scale-out runs queued again from the database: `job_missing` (never added, or lost with Redis' data), `job_failed` (failed before a worker claimed it). */
  readonly runsRequeued: Pick<PromClient.Counter<'reason'>, 'inc'>;
  /** Scheduled ticks by what became of them: started, skipped, waiting, failed, missed. */
  readonly scheduleTicks: Pick<PromClient.Counter<'outcome'>, 'inc'>;
  /** From a tick's instant to its run starting, in seconds. */
  readonly scheduleTickLateness: Pick<PromClient.Histogram, 'observe'>;
  /** Failure alerts by destination (email, slack, webhook, errorWorkflow) and outcome (sent, failed). */
  readonly alertDeliveries: Pick<PromClient.Counter<'channel' | 'outcome'>, 'inc'>;
}

export interface MetricsOptions {
  /** WEFT_METRICS_TOKEN is set: count for real. */
  enabled: boolean;
  /** What runs and waits in this process's queue now (read at each scrape). */
  queue: () => { running: number; waiting: number };
}

export function createMetrics(options: MetricsOptions): Metrics {
  return options.enabled ? prometheusMetrics(options.queue) : NO_METRICS;
}

const ignore = () => {};
const NO_METRICS: Metrics = {
  registry: undefined,
  runsStarted: { inc: ignore },
  runsFinished: { inc: ignore },
  runDuration: { observe: ignore },
  leaseExpiries: { inc: ignore },
  finalWriteRetries: { inc: ignore },
  runsRequeued: { inc: ignore },
  scheduleTicks: { inc: ignore },
  scheduleTickLateness: { observe: ignore },
  alertDeliveries: { inc: ignore },
};

function prometheusMetrics(queue: MetricsOptions['queue']): Metrics {
  // prom-client is CommonJS: `require` keeps the services' construction synchronous.
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = createRequire(import.meta.url)('prom-client') as typeof PromClient;
  const registry = new Registry();
  new Gauge({
    name: 'weft_run_queue_running',
    help: 'Runs executing in this process now',
    registers: [registry],
    collect() {
      this.set(queue().running);
    },
  });
  new Gauge({
    name: 'weft_run_queue_waiting',
    help: "Runs waiting in this process's queue for a free slot (WEFT_RUN_CONCURRENCY)",
    registers: [registry],
    collect() {
      this.set(queue().waiting);
    },
  });
  collectDefaultMetrics({ register: registry, prefix: 'weft_' });
  return {
    registry,
    runsStarted: new Counter({
      name: 'weft_runs_started_total',
      help: 'Workflow runs started, by trigger',
      labelNames: ['trigger'] as const,
      registers: [registry],
    }),
    runsFinished: new Counter({
      name: 'weft_runs_finished_total',
      help: 'Workflow runs whose end was stored, by status',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    runDuration: new Histogram({
      name: 'weft_run_duration_seconds',
      help: 'Time from a run starting to its end being stored, by status',
      labelNames: ['status'] as const,
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
      registers: [registry],
    }),
    leaseExpiries: new Counter({
      name: 'weft_run_lease_expiries_total',
      help: 'Runs failed because their worker stopped heartbeating (scale-out), counted by the process that ended them',
      registers: [registry],
    }),
    finalWriteRetries: new Counter({
      name: 'weft_run_final_write_retries_total',
      help: 'Failed attempts to store the end of a run (each is retried)',
      registers: [registry],
    }),
    runsRequeued: new Counter({
      name: 'weft_runs_requeued_total',
      help: 'Queued runs handed to the workers again from the database (scale-out), by why: job_missing (never added, or lost with Redis data), job_failed (failed before a worker claimed it)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    scheduleTicks: new Counter({
      name: 'weft_schedule_ticks_total',
      help: 'Scheduled ticks this process claimed (claimed), and what became of them (started, skipped, waiting, failed, missed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    scheduleTickLateness: new Histogram({
      name: 'weft_schedule_tick_lateness_seconds',
      help: "From a scheduled tick's instant to its run starting",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300],
      registers: [registry],
    }),
    alertDeliveries: new Counter({
      name: 'weft_alert_deliveries_total',
      help: 'Failure alerts handed to a destination by this process, by destination (email, slack, webhook, errorWorkflow) and outcome (sent, failed)',
      labelNames: ['channel', 'outcome'] as const,
      registers: [registry],
    }),
  };
}
