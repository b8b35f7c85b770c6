import type { AlertChannel, AlertRecord, WorkflowAlerts } from '@weft/core';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/Badge';
import { formatRelativeTime } from '../../lib/relative-time';

const CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: 'E-mail',
  slack: 'Slack',
  webhook: 'Webhook',
  errorWorkflow: 'Error workflow',
};

const KIND_LABELS: Record<AlertRecord['kind'], string> = {
  failure: 'a failed run',
  schedule_paused: 'a schedule that paused itself',
  test: 'a test',
};

/**
 * Where the workflow's failure streak stands and how each destination took the last alert,
 * so a broken destination (a dead SMTP server, a removed Slack webhook) shows here.
 */
export function AlertStatus({ workflowId, alerts }: { workflowId: string; alerts: WorkflowAlerts }) {
  const { failingSince, lastAlert } = alerts;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface-2/60 px-3 py-2.5 text-xs leading-5 text-muted" data-testid="alert-status">
      <p>
        {failingSince ? (
          <>
            <Badge tone="danger" dot>
              Failing
            </Badge>{' '}
            since{' '}
            <Link
              to={`/workflow/${encodeURIComponent(workflowId)}?execution=${encodeURIComponent(failingSince.executionId)}`}
              className="font-medium text-brand underline-offset-2 hover:underline"
            >
              {formatRelativeTime(failingSince.at)}
            </Link>
            : further failures send nothing until a run succeeds.
          </>
        ) : (
          <>
            <Badge tone="ok" dot>
              No failure streak
            </Badge>{' '}
            The next failed run alerts.
          </>
        )}
      </p>
      {lastAlert ? (
        <div>
          <p>
            Last alert {formatRelativeTime(lastAlert.at)}, for {KIND_LABELS[lastAlert.kind]}:
          </p>
          <ul className="mt-1 flex flex-col gap-1" aria-label="How each destination took the last alert">
            {lastAlert.deliveries.map((delivery) => (
              <li key={delivery.channel} className="flex items-start gap-2" data-testid={`alert-delivery-${delivery.channel}`}>
                <Badge tone={delivery.ok ? 'ok' : 'danger'}>{delivery.ok ? 'Sent' : 'Failed'}</Badge>
                <span className="min-w-0 break-words">
                  <span className="font-medium text-ink">{CHANNEL_LABELS[delivery.channel]}</span>: {delivery.detail}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>No alert sent yet.</p>
      )}
    </div>
  );
}
