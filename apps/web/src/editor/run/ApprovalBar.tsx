import { type FormEvent, useState } from 'react';
import { type ToolApproval, useDecideApproval, useExecutionApprovals } from '../../api/approvals';
import { cancelExecution } from '../../api/executions';
import { Button } from '../../components/ui/Button';
import { controlClasses } from '../../components/ui/control-styles';
import { PauseIcon } from '../../components/ui/icons';
import { errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { shownRun, useRunStore } from './run.store';
import { requestRun } from './run-requests';

/**
 * A bar above the canvas while the run on screen waits for approval (docs/API.md "Tool
 * approvals"): each waiting tool call with its arguments, Approve, and Reject with an
 * optional reason that the agent reads. A decision says so in a toast and follows the run
 * live again as it goes on. Beside the run banner, in its shape, so the run's state is read
 * in one place.
 */
export function ApprovalBar() {
  const view = useRunStore(shownRun);
  const executionId = view?.executionId ?? null;
  const waiting = view !== null && (view.run.status === 'waiting' || view.summary?.status === 'waiting');
  const approvals = useExecutionApprovals(executionId, waiting);
  if (!waiting) return null;
  const pending = (approvals.data ?? []).filter((approval) => approval.status === 'pending');
  return (
    <section
      aria-label="Waiting for approval"
      data-testid="approval-bar"
      className="flex shrink-0 flex-col gap-2 border-b border-warn/25 bg-warn/5 py-2 pr-2 pl-3 text-[13px] text-ink"
    >
      {approvals.isLoading && <p className="text-muted">Loading the tool call that waits…</p>}
      {approvals.error && (
        <p className="flex items-center gap-2 text-danger">
          {errorMessage(approvals.error, 'Could not load the tool call that waits.')}
          <Button size="sm" variant="secondary" onClick={() => void approvals.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {approvals.data && pending.length === 0 && <p className="text-muted">No tool call waits any more: the run goes on or has ended.</p>}
      {pending.map((approval) => (
        <ApprovalRow key={approval.id} approval={approval} />
      ))}
      {pending.length > 0 && executionId && <CancelWaitingRun executionId={executionId} />}
    </section>
  );
}

/** Neither yes nor no: the run ends as cancelled and its waiting calls are closed. */
function CancelWaitingRun({ executionId }: { executionId: string }) {
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    setBusy(true);
    cancelExecution(executionId)
      .then(() => {
        toast.info('Run cancelled: the tool call was not made.');
        requestRun({ kind: 'follow', executionId });
      })
      .catch((error: unknown) => toast.error(errorMessage(error, 'Could not cancel the run.')))
      .finally(() => setBusy(false));
  };
  return (
    <p className="flex items-center gap-2 pl-[22px] text-xs text-muted">
      Or end the run without a decision:
      <Button size="sm" variant="ghost" onClick={cancel} loading={busy} data-testid="approval-cancel-run">
        Cancel the run
      </Button>
    </p>
  );
}

function ApprovalRow({ approval }: { approval: ToolApproval }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useDecideApproval();
  const agent = useEditorStore((s) => s.nodes.find((n) => n.id === approval.nodeId)?.data.label) ?? approval.nodeId;
  const args = JSON.stringify(approval.arguments, null, 2);

  // A promise, not mutate's callbacks: the run goes on at once and its live events can take
  // this bar away before the answer comes, and mutate's callbacks never fire once it is gone.
  const submit = (approved: boolean) =>
    decide.mutateAsync({ id: approval.id, approved, ...(approved ? {} : { reason }) }).then(
      () => {
        toast.success(approved ? `Approved ${approval.toolName}: the run goes on.` : `Rejected ${approval.toolName}: ${agent} is told why and goes on.`);
        requestRun({ kind: 'follow', executionId: approval.executionId });
      },
      (error: unknown) => toast.error(errorMessage(error, 'Could not record the decision. Try again.')),
    );
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <div data-testid="approval-row" data-approval-id={approval.id} className="flex flex-wrap items-start gap-x-2.5 gap-y-1.5">
      <PauseIcon size={14} className="mt-0.5 shrink-0 text-warn" />
      <div className="min-w-0 flex-1">
        <p>
          <span className="font-medium">{agent}</span> waits for your approval to call{' '}
          <code className="rounded bg-surface px-1 font-mono text-xs" data-testid="approval-tool">
            {approval.toolName}
          </code>{' '}
          with:
        </p>
        <pre
          className="mt-1 max-h-28 overflow-auto rounded-md border border-line bg-surface px-2 py-1 font-mono text-xs text-ink"
          data-testid="approval-arguments"
        >
          {args}
        </pre>
      </div>
      {rejecting ? (
        <form onSubmit={onReject} className="flex w-full items-center gap-2 sm:w-auto">
          <input
            aria-label="Why you reject it (optional; the agent reads it)"
            placeholder="Why (optional; the agent reads it)"
            value={reason}
            maxLength={2000}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setRejecting(false)}
            className={controlClasses(false, 'h-8 min-w-0 flex-1 px-2.5 sm:w-64')}
            // biome-ignore lint/a11y/noAutofocus: the field the person just asked for by pressing Reject
            autoFocus
            data-testid="approval-reason"
          />
          <Button size="sm" variant="danger" type="submit" loading={decide.isPending} data-testid="approval-reject-confirm">
            Reject
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRejecting(false)} disabled={decide.isPending}>
            Back
          </Button>
        </form>
      ) : (
        <div className="flex shrink-0 items-center gap-2">
          <Button size="sm" onClick={() => submit(true)} loading={decide.isPending} data-testid="approval-approve">
            Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setRejecting(true)} disabled={decide.isPending} data-testid="approval-reject">
            Reject…
          </Button>
        </div>
      )}
    </div>
  );
}
