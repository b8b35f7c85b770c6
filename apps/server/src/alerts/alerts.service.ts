import { type AlertRecord, type AlertSettings, secretNamesIn, type WorkflowAlerts } from '@weft/core';
import type { Clock } from '../platform/clock.js';
import type { WorkflowLookup } from '../workflows/workflow-lookup.js';
import type { AlertSettingsRepository, StoredAlerts } from './alert-settings.repository.js';
import { type FailureAlerts, hasDestination } from './failure-alerts.js';

export type AlertsResult = { ok: true; alerts: WorkflowAlerts } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'invalid'; message: string };

const NONE: AlertSettings = { emails: [], slack: null, webhookUrl: null, errorWorkflowId: null };

/**
 * A workflow's alert settings as its owner manages them (GET, PUT, DELETE and the test of
 * /api/workflows/:id/alerts). Owner only: another user's workflow answers as missing, and
 * so does another user's workflow named as the error workflow.
 */
export class AlertsService {
  constructor(
    private readonly repository: AlertSettingsRepository,
    private readonly workflows: Pick<WorkflowLookup, 'owns' | 'loadForRun'>,
    /** The names of the owner's secrets (never their values): a Slack target must name one that exists. */
    private readonly secretNames: (userId: string) => Promise<readonly string[]>,
    private readonly alerts: Pick<FailureAlerts, 'sendTest'>,
    private readonly clock: Clock,
  ) {}

  async get(userId: string, workflowId: string): Promise<WorkflowAlerts | undefined> {
    if (!(await this.workflows.owns(userId, workflowId))) return undefined;
    return this.view(userId, await this.repository.get(userId, workflowId));
  }

  /** Replaces the settings; all empty removes them. The streak and the last alert stay. */
  async put(userId: string, workflowId: string, settings: AlertSettings): Promise<AlertsResult> {
    if (!(await this.workflows.owns(userId, workflowId))) return { ok: false, reason: 'not_found' };
    const problem = await this.problemOf(userId, workflowId, settings);
    if (problem) return { ok: false, reason: 'invalid', message: problem };
    if (hasDestination(settings)) await this.repository.put(userId, workflowId, settings, this.clock.now().toISOString());
    else await this.repository.delete(userId, workflowId);
    return { ok: true, alerts: await this.view(userId, await this.repository.get(userId, workflowId)) };
  }

  async delete(userId: string, workflowId: string): Promise<boolean> {
    if (!(await this.workflows.owns(userId, workflowId))) return false;
    await this.repository.delete(userId, workflowId);
    return true;
  }

  /** Sends a test alert to the saved destinations; `none` when there are none. */
  async test(userId: string, workflowId: string): Promise<AlertRecord | 'not_found' | 'none'> {
    const workflow = await this.workflows.loadForRun(userId, workflowId);
    if (!workflow) return 'not_found';
    return (await this.alerts.sendTest(userId, workflowId, workflow.name)) ?? 'none';
  }

  private async problemOf(userId: string, workflowId: string, settings: AlertSettings): Promise<string | undefined> {
    const { slack, webhookUrl, errorWorkflowId } = settings;
    if (errorWorkflowId !== null) {
      if (errorWorkflowId === workflowId) return 'errorWorkflowId: A workflow cannot be its own error workflow: pick another one';
      if (!(await this.workflows.owns(userId, errorWorkflowId))) return 'errorWorkflowId: Error workflow not found: pick one of your own workflows';
    }
    const named = [...(slack ? [slack.secret] : []), ...(webhookUrl ? secretNamesIn(webhookUrl) : [])];
    if (named.length === 0) return undefined;
    const names = new Set(await this.secretNames(userId));
    if (slack && !names.has(slack.secret)) return `slack.secret: No secret named ${slack.secret}: add it under Settings → Secrets first`;
    const missing = named.find((name) => !names.has(name));
    return missing ? `webhookUrl: No secret named ${missing}: add it under Settings → Secrets first` : undefined;
  }

  private async view(userId: string, stored: StoredAlerts | undefined): Promise<WorkflowAlerts> {
    const settings: AlertSettings = stored ?? NONE;
    const errorWorkflow = settings.errorWorkflowId ? await this.workflows.loadForRun(userId, settings.errorWorkflowId) : undefined;
    return {
      emails: settings.emails,
      slack: settings.slack,
      webhookUrl: settings.webhookUrl,
      errorWorkflowId: settings.errorWorkflowId,
      errorWorkflowName: errorWorkflow?.name ?? null,
      failingSince: stored?.failingExecutionId && stored.failingAt ? { executionId: stored.failingExecutionId, at: stored.failingAt } : null,
      lastAlert: stored?.lastAlert ?? null,
    };
  }
}
