import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What operators watch, in the Prometheus text format their tools read (prom-client):
 * runs started and finished by status, how long they take, what waits in this process's
 * queue, runs judged lost by the orphan sweep (lease expiries) and retried final writes,
 * plus Node's own process metrics. One registry per Weft, so several in one process (the
 * tests) do not share counts.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly runsStarted = new Counter({
    name: 'weft_runs_started_total',
    help: 'Workflow runs started, by trigger',
    labelNames: ['trigger'] as const,
    registers: [this.registry],
  });
  readonly runsFinished = new Counter({
    name: 'weft_runs_finished_total',
    help: 'Workflow runs whose end was stored, by status',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  readonly runDuration = new Histogram({
    name: 'weft_run_duration_seconds',
    help: 'Time from a run starting to its end being stored, by status',
    labelNames: ['status'] as const,
    buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [this.registry],
  });
  readonly leaseExpiries = new Counter({
    name: 'weft_run_lease_expiries_total',
    help: 'Runs failed because their worker stopped heartbeating (scale-out), counted by the process that ended them',
    registers: [this.registry],
  });
  readonly finalWriteRetries = new Counter({
    name: 'weft_run_final_write_retries_total',
    help: 'Failed attempts to store the end of a run (each is retried)',
    registers: [this.registry],
  });

  constructor(queue: () => { running: number; waiting: number }) {
    new Gauge({
      name: 'weft_run_queue_running',
      help: 'Runs executing in this process now',
      registers: [this.registry],
      collect() {
        this.set(queue().running);
      },
    });
    new Gauge({
      name: 'weft_run_queue_waiting',
      help: "Runs waiting in this process's queue for a free slot (WEFT_RUN_CONCURRENCY)",
      registers: [this.registry],
      collect() {
        this.set(queue().waiting);
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'weft_' });
  }
}
