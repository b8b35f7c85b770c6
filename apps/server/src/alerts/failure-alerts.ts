import type { AlertDelivery, AlertKind, AlertRecord, AlertSettings, FailedExecution } from '@weft/core';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { Metrics } from '../platform/metrics.js';
import type { EndedRun } from '../runs/run-end.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import type { AlertEvent } from './alert-messages.js';
import type { AlertSenders } from './alert-senders.js';
import type { AlertSettingsRepository, StoredAlerts } from './alert-settings.repository.js';

/** Streak decisions (one indexed read, perhaps one write) going at once; the rest wait in memory. */
const DECISIONS_AT_ONCE = 4;
/** Past this many waiting, ends are dropped with a warning rather than held without bound. */
const MAX_WAITING = 10_000;
/** How long a stopping process waits for alerts under way (each destination has its own timeout too). */
const STOP_WAIT_MS = 5_000;

/** A schedule that paused itself, as the schedules room knows it. */
export interface PausingSchedule {
  id: string;
  userId: string;
  workflowId: string;
  name: string;
}

/** What the schedules room calls when a schedule pauses itself (crash pauses, pause after failures). */
export interface SchedulePausedAlerts {
  schedulePaused(schedule: PausingSchedule, reason: string): void;
}

export interface FailureAlertsOptions {
  repository: AlertSettingsRepository;
  senders: AlertSenders;
  workflows: Pick<WorkflowLookup, 'loadForRun'>;
  /** Links in alerts open the editor here (PUBLIC_URL). */
  publicUrl: string;
  clock: Clock;
  logger: Logger;
  /** `weft_alert_deliveries_total{channel, outcome}`. */
  metrics?: Pick<Metrics, 'alertDeliveries'>;
}

/**
 * Tells someone when a workflow's production runs start failing or one of its schedules
 * pauses itself. Told every stored run end (`runEnded`, in the process that stored it), it
 * keeps one failure streak per workflow in the database: the first failure after a
 * success (or ever) opens it with a conditional UPDATE and alerts, later failures find it
 * open and send nothing, a success closes it. Manual runs, cancels and runs a shutdown
 * ended neither open nor close it. Everything happens after the run's end is stored and
 * told, off its path: a slow or dead destination delays no run.
 */
export class FailureAlerts implements SchedulePausedAlerts {
  private readonly waiting: (() => Promise<void>)[] = [];
  private deciding = 0;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: FailureAlertsOptions) {}

  /** The runs room's end listener (RunEndListener). Returns at once. */
  readonly runEnded = (run: EndedRun): void => {
    if (run.trigger === 'manual' || run.byShutdown || (run.status !== 'success' && run.status !== 'error')) return;
    this.enqueue(() => (run.status === 'success' ? this.succeeded(run) : this.failed(run)));
  };

  /**
   * A schedule paused itself (`reason` as its list shows it): e-mail, Slack and webhook
   * are told, whatever the streak (a schedule pauses once until someone resumes it). The
   * error workflow is not started: it takes failed executions. Returns at once.
   */
  schedulePaused(schedule: PausingSchedule, reason: string): void {
    this.enqueue(async () => {
      const alerts = await this.options.repository.forWorkflow(schedule.workflowId);
      if (!alerts || !hasDestination(alerts)) return;
      const workflow = await this.options.workflows.loadForRun(schedule.userId, schedule.workflowId);
      const at = this.options.clock.now().toISOString();
      const event: AlertEvent = {
        kind: 'schedule_paused',
        paused: {
          scheduleId: schedule.id,
          scheduleName: schedule.name,
          workflowId: schedule.workflowId,
          workflowName: workflow?.name ?? schedule.workflowId,
          reason,
          url: this.editorUrl(schedule.workflowId),
          at,
        },
      };
      this.track(this.deliver(alerts, event, { executionId: null, scheduleId: schedule.id }, false).then(() => undefined));
    });
  }

  /**
   * The settings' "Send test alert": an example failure to every destination now, the
   * error workflow included, answered with how each took it. Undefined when the workflow
   * has no alerts set.
   */
  async sendTest(userId: string, workflowId: string, workflowName: string): Promise<AlertRecord | undefined> {
    const alerts = await this.options.repository.get(userId, workflowId);
    if (!alerts || !hasDestination(alerts)) return undefined;
    const failed: FailedExecution = {
      executionId: 'test',
      workflowId,
      workflowName,
      trigger: 'schedule',
      error: 'This is a test alert: nothing failed.',
      failedNode: null,
      url: this.editorUrl(workflowId),
      at: this.options.clock.now().toISOString(),
      test: true,
    };
    return this.deliver(alerts, { kind: 'test', failed }, { executionId: null, scheduleId: null }, true);
  }

  /** Resolves once every alert told so far has been decided and sent (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0 || this.waiting.length > 0 || this.deciding > 0) await Promise.all([...this.pending]);
  }

  /** At shutdown, before the database closes: waits for alerts under way, at most a few seconds. */
  async settle(ms = STOP_WAIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  private async succeeded(run: EndedRun): Promise<void> {
    const { repository } = this.options;
    // One indexed read for every production success; a write only when a streak was open.
    const streak = await repository.streakOf(run.workflowId);
    if (streak?.failing) await repository.closeStreak(run.workflowId);
  }

  private async failed(run: EndedRun): Promise<void> {
    const { repository } = this.options;
    const alerts = await repository.forWorkflow(run.workflowId);
    if (!alerts || alerts.failingExecutionId !== null) return;
    if (!(await repository.openStreak(run.workflowId, run.executionId, run.finishedAt))) return;
    const failed: FailedExecution = {
      executionId: run.executionId,
      workflowId: run.workflowId,
      workflowName: run.workflowName,
      trigger: run.trigger,
      error: run.error ?? 'The run failed',
      failedNode: run.failedNode,
      url: `${this.editorUrl(run.workflowId)}?execution=${encodeURIComponent(run.executionId)}`,
      ...(run.scheduleId ? { scheduleId: run.scheduleId } : {}),
      at: run.finishedAt,
    };
    // An error workflow's own failure tells people but starts no error workflow: no loops.
    this.track(
      this.deliver(alerts, { kind: 'failure', failed }, { executionId: run.executionId, scheduleId: run.scheduleId }, run.trigger !== 'error').then(
        () => undefined,
      ),
    );
  }

  private async deliver(
    alerts: StoredAlerts,
    event: AlertEvent,
    about: { executionId: string | null; scheduleId: string | null },
    errorWorkflow: boolean,
  ): Promise<AlertRecord> {
    const { senders, repository, logger, clock } = this.options;
    const deliveries = await senders.send(alerts.userId, alerts, event, { errorWorkflow });
    const record: AlertRecord = { at: clock.now().toISOString(), kind: event.kind as AlertKind, ...about, deliveries };
    this.log(alerts.workflowId, record.kind, deliveries);
    try {
      await repository.recordAlert(alerts.workflowId, record);
    } catch (error) {
      logger.error({ err: error, workflowId: alerts.workflowId }, 'Could not store the outcome of an alert');
    }
    return record;
  }

  private log(workflowId: string, kind: AlertKind, deliveries: readonly AlertDelivery[]): void {
    for (const delivery of deliveries) {
      const fields = { workflowId, kind, channel: delivery.channel, detail: delivery.detail };
      this.options.metrics?.alertDeliveries.inc({ channel: delivery.channel, outcome: delivery.ok ? 'sent' : 'failed' });
      if (delivery.ok) this.options.logger.info(fields, 'Sent a failure alert');
      else this.options.logger.warn(fields, 'A failure alert could not be delivered');
    }
  }

  private enqueue(work: () => Promise<void>): void {
    if (this.waiting.length >= MAX_WAITING) {
      this.options.logger.warn({ waiting: this.waiting.length }, 'Too many run ends wait for their alert decision; this one is dropped');
      return;
    }
    this.waiting.push(work);
    this.next();
  }

  private next(): void {
    while (this.deciding < DECISIONS_AT_ONCE && this.waiting.length > 0) {
      const work = this.waiting.shift() as () => Promise<void>;
      this.deciding += 1;
      this.track(
        work().finally(() => {
          this.deciding -= 1;
          this.next();
        }),
      );
    }
  }

  private track(task: Promise<void>): void {
    const caught = task.catch((error: unknown) => this.options.logger.error({ err: error }, 'A failure alert failed'));
    this.pending.add(caught);
    void caught.finally(() => this.pending.delete(caught));
  }

  private editorUrl(workflowId: string): string {
    return `${this.options.publicUrl}/workflow/${encodeURIComponent(workflowId)}`;
  }
}

export function hasDestination(settings: AlertSettings): boolean {
  return settings.emails.length > 0 || settings.slack !== null || settings.webhookUrl !== null || settings.errorWorkflowId !== null;
}
