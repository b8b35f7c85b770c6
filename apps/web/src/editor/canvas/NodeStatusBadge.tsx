import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Spinner } from '../../components/ui/Spinner';

const LOOKS: Record<string, { tone: BadgeTone; label: string }> = {
  queued: { tone: 'neutral', label: 'Queued' },
  running: { tone: 'info', label: 'Running' },
  success: { tone: 'ok', label: 'Done' },
  completed: { tone: 'ok', label: 'Done' },
  error: { tone: 'danger', label: 'Failed' },
  failed: { tone: 'danger', label: 'Failed' },
  skipped: { tone: 'neutral', label: 'Skipped' },
  waiting: { tone: 'warn', label: 'Waiting' },
};

/**
 * The run state of a node in its header. Nodes start idle (SPEC.md section 4) and show
 * nothing then; the run overlay of the next issue feeds the other states.
 */
export function NodeStatusBadge({ status }: { status: string }) {
  const look = LOOKS[status];
  if (!look) return null;
  return (
    <span data-testid="node-status" data-status={status} className="shrink-0">
      <Badge tone={look.tone} dot={status !== 'running'}>
        {status === 'running' && <Spinner size={10} decorative />}
        {look.label}
      </Badge>
    </span>
  );
}
