import type { WorkflowAlerts } from '@weft/core';
import { useId, useState } from 'react';
import { useSecretNames } from '../../api/useSecretNames';
import { useWorkflowAlerts } from '../../api/useWorkflowAlerts';
import { useWorkflowList } from '../../api/useWorkflowList';
import { Field, Select } from '../../components/schedules/FormField';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { controlClasses } from '../../components/ui/control-styles';
import { SelectControl } from '../../components/ui/SelectControl';
import { Skeleton } from '../../components/ui/Skeleton';
import { errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { SettingsLink } from '../fields/SettingsLink';
import { useEditorStore } from '../store/editor.store';
import { AlertStatus } from './AlertStatus';
import { type AlertField, type AlertForm, alertFormIssues, alertFormOf, alertSettingsOf, sameAlertSettings, serverAlertIssue } from './alert-form';

/**
 * Workflow settings → Failure alerts: where to tell someone when runs started by a
 * schedule, a webhook or the API start failing, or a schedule pauses itself. Saved on its
 * own (not with the workflow document): the settings name secrets and another workflow.
 */
export function FailureAlertsSection() {
  const workflowId = useEditorStore((s) => s.workflowId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="failure-alerts">
      <div>
        <h3 id={headingId} className="text-sm font-medium text-ink">
          Failure alerts
        </h3>
        <p className="mt-1 text-xs leading-5 text-muted">
          When a run started by a schedule, a webhook or the API fails, or a schedule pauses itself. One alert per failure streak: after the first failure,
          nothing more until a run succeeds again. Runs you start here never alert.
        </p>
      </div>
      {workflowId ? <AlertSettingsLoader workflowId={workflowId} /> : <Alert tone="info">Save this workflow first: alerts belong to a saved workflow.</Alert>}
    </section>
  );
}

function AlertSettingsLoader({ workflowId }: { workflowId: string }) {
  const alerts = useWorkflowAlerts(workflowId);
  const { query } = alerts;
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the alert settings" className="flex flex-col gap-3">
        <Skeleton className="h-3.5 w-28" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-danger">Couldn't load the alert settings: {errorMessage(query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return <AlertSettingsForm workflowId={workflowId} saved={query.data} actions={alerts} />;
}

function AlertSettingsForm({ workflowId, saved, actions }: { workflowId: string; saved: WorkflowAlerts; actions: ReturnType<typeof useWorkflowAlerts> }) {
  const id = useId();
  const [form, setForm] = useState<AlertForm>(() => alertFormOf(saved));
  const [shown, setShown] = useState<ReadonlySet<AlertField>>(new Set());
  const [serverIssues, setServerIssues] = useState<Partial<Record<AlertField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { secrets } = useSecretNames();
  const workflows = useWorkflowList();
  const { save, test } = actions;

  const issues = alertFormIssues(form);
  const settings = alertSettingsOf(form);
  const savedSettings = alertSettingsOf(alertFormOf(saved));
  const dirty = !sameAlertSettings(settings, savedSettings);
  const hasSaved =
    savedSettings.emails.length > 0 || savedSettings.slack !== null || savedSettings.webhookUrl !== null || savedSettings.errorWorkflowId !== null;
  const problem = (field: AlertField) => serverIssues[field] ?? (shown.has(field) ? issues[field] : undefined);

  const set = <K extends keyof AlertForm>(key: K, value: AlertForm[K], field?: AlertField) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (field) setServerIssues(({ [field]: _, ...rest }) => rest);
    setFormError(null);
  };
  const show = (field: AlertField) => setShown((s) => new Set(s).add(field));
  const control = (field: AlertField, extra = '') => ({
    id: `${id}-${field}`,
    'aria-invalid': problem(field) ? true : undefined,
    'aria-describedby': `${id}-${field}-note`,
    onBlur: () => show(field),
    className: controlClasses(!!problem(field), `h-9 px-3 ${extra}`),
  });
  const choice = (field: AlertField) => {
    const { className: _, ...rest } = control(field);
    return { ...rest, invalid: !!problem(field), roomy: true };
  };

  const submit = () => {
    const fields = Object.keys(issues) as AlertField[];
    if (fields.length > 0) {
      setShown(new Set(fields));
      document.getElementById(`${id}-${fields[0]}`)?.focus();
      return;
    }
    save.mutate(settings, {
      onSuccess: ({ alerts }) => {
        setForm(alertFormOf(alerts));
        setShown(new Set());
        toast.success('Alert settings saved');
      },
      onError: (error) => {
        const issue = serverAlertIssue(errorMessage(error, 'Could not save the alert settings.'));
        if (issue.field) {
          setServerIssues({ [issue.field]: issue.message });
          document.getElementById(`${id}-${issue.field}`)?.focus();
        } else setFormError(issue.message);
      },
    });
  };
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ alert }) => {
        const failed = alert.deliveries.filter((d) => !d.ok).length;
        if (failed === 0) toast.success('Test alert sent to every destination');
        else toast.warning(`Test alert: ${failed} of ${alert.deliveries.length} destinations failed (see below)`);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not send the test alert.')),
    });

  const otherWorkflows = (workflows.data ?? []).filter((w) => w.id !== workflowId);
  const secretOptions = secrets ?? [];
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label="E-mail addresses" htmlFor={`${id}-emails`} error={problem('emails')} hint="Separated by commas; at most 10. Each gets its own mail.">
        <input
          {...control('emails')}
          type="text"
          inputMode="email"
          autoComplete="off"
          placeholder="ops@example.com, oncall@example.com"
          value={form.emails}
          onChange={(e) => set('emails', e.target.value, 'emails')}
        />
      </Field>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <Field label="Slack" htmlFor={`${id}-slackMode`}>
          <Select id={`${id}-slackMode`} roomy value={form.slackMode} onChange={(value) => set('slackMode', value as AlertForm['slackMode'], 'slackSecret')}>
            <option value="off">Off</option>
            <option value="webhook">Incoming webhook</option>
            <option value="bot">Bot token</option>
          </Select>
        </Field>
        {form.slackMode !== 'off' && (
          <Field
            label={form.slackMode === 'webhook' ? 'Webhook URL secret' : 'Bot token secret'}
            htmlFor={`${id}-slackSecret`}
            error={problem('slackSecret')}
            hint={
              secretOptions.length === 0 ? (
                <SettingsLink section="secrets">Add the secret in Settings first</SettingsLink>
              ) : (
                'Kept as a secret; only its name is stored here.'
              )
            }
          >
            <SelectControl {...choice('slackSecret')} value={form.slackSecret} onChange={(e) => set('slackSecret', e.target.value, 'slackSecret')}>
              <option value="">Pick a secret…</option>
              {secretOptions.map((secret) => (
                <option key={secret.name} value={secret.name}>
                  {secret.name}
                </option>
              ))}
            </SelectControl>
          </Field>
        )}
      </div>
      {form.slackMode === 'bot' && (
        <Field
          label="Channel"
          htmlFor={`${id}-slackChannel`}
          error={problem('slackChannel')}
          hint="The channel ID (C0123ABCDEF) or #name; invite the bot to it."
        >
          <input
            {...control('slackChannel')}
            type="text"
            autoComplete="off"
            placeholder="#alerts"
            value={form.slackChannel}
            onChange={(e) => set('slackChannel', e.target.value, 'slackChannel')}
          />
        </Field>
      )}

      <Field label="Webhook URL" htmlFor={`${id}-webhookUrl`} error={problem('webhookUrl')} hint="Gets a JSON POST. Put a token in it as {{secrets.NAME}}.">
        <input
          {...control('webhookUrl', 'font-mono')}
          type="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/hooks/weft"
          value={form.webhookUrl}
          onChange={(e) => set('webhookUrl', e.target.value, 'webhookUrl')}
        />
      </Field>

      <Field
        label="Error workflow"
        htmlFor={`${id}-errorWorkflowId`}
        error={problem('errorWorkflowId')}
        hint="Started with the failed execution; begin it with an Error Trigger node."
      >
        <SelectControl {...choice('errorWorkflowId')} value={form.errorWorkflowId} onChange={(e) => set('errorWorkflowId', e.target.value, 'errorWorkflowId')}>
          <option value="">None</option>
          {form.errorWorkflowId !== '' && !otherWorkflows.some((w) => w.id === form.errorWorkflowId) && (
            <option value={form.errorWorkflowId}>{saved.errorWorkflowName ?? 'The saved workflow'}</option>
          )}
          {otherWorkflows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </SelectControl>
      </Field>

      {formError && <Alert tone="error">{formError}</Alert>}
      <AlertStatus workflowId={workflowId} alerts={saved} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          variant="secondary"
          onClick={sendTest}
          loading={test.isPending}
          disabled={!hasSaved || dirty}
          title={dirty ? 'Save the alert settings first' : hasSaved ? undefined : 'Add a destination and save first'}
          data-testid="alerts-test"
        >
          Send test alert
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="alerts-save">
          Save alerts
        </Button>
      </div>
    </form>
  );
}
