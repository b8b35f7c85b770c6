import { Link } from 'react-router';
import type { ExecutionSummary } from '../../api/executions';
import { useWorkflowExecutions } from '../../api/useExecutions';
import { KeptMark } from '../../components/dashboard/KeptMark';
import { RelativeTime } from '../../components/dashboard/RelativeTime';
import { RunStatusBadge } from '../../components/dashboard/RunStatusBadge';
import { HistoryIcon } from '../../components/ui/icons';
import { MenuButton } from '../../components/ui/MenuButton';
import { Spinner } from '../../components/ui/Spinner';
import { menuItemClasses, menuItemShapeClasses, useMenu } from '../../components/ui/useMenu';
import { useNow } from '../../hooks/useNow';
import { errorMessage } from '../../lib/api';
import { formatCost, formatTokens, usageTitle } from '../../lib/format-cost';

import { formatDuration, triggerLabel } from '../../lib/run-format';
import { shownRun, useRunStore } from './run.store';

const HISTORY_LIMIT = 10;

interface RunHistoryProps {
  workflowId: string | null;
  onOpen(executionId: string): void;
}

/**
 * The toolbar's run history: the latest ten runs of this workflow (status, trigger,
 * when, how long). Choosing one shows it on the canvas and in the inspector; the
 * dashboard's Executions tab has the rest.
 */
export function RunHistory({ workflowId, onOpen }: RunHistoryProps) {
  const menu = useMenu();
  const list = useWorkflowExecutions(workflowId, HISTORY_LIMIT, menu.open);
  const shownId = useRunStore((s) => shownRun(s)?.executionId ?? null);
  const opening = useRunStore((s) => s.opening);
  const now = useNow();
  const disabled = !workflowId;

  return (
    <MenuButton
      menu={menu}
      button={{
        disabled,
        'aria-label': 'Run history',
        'data-testid': 'run-history-button',
        title: disabled ? 'Save the workflow to see its runs' : 'Run history',
        className: `inline-flex size-8 shrink-0 items-center justify-center rounded-md transition-colors disabled:pointer-events-none disabled:opacity-40 ${
          menu.open ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-surface-2 hover:text-ink'
        }`,
      }}
      trigger={opening ? <Spinner size={14} decorative /> : <HistoryIcon />}
      panelClassName="w-80"
      panelTestId="run-history"
    >
      <p className="px-2.5 pt-1 pb-2 text-xs font-semibold tracking-wide text-subtle uppercase">Latest runs</p>
      {list.isPending ? (
        <div className="flex items-center gap-2 px-2.5 py-3 text-sm text-muted">
          <Spinner size={14} decorative /> Loading runs…
        </div>
      ) : list.isError ? (
        <div role="alert" className="px-2.5 py-3 text-sm">
          <p className="text-danger">{errorMessage(list.error, 'Could not load the runs.')}</p>
          <button type="button" role="menuitem" className={`${menuItemShapeClasses} mt-1 -ml-2.5 font-medium text-brand`} onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : list.data.executions.length === 0 ? (
        <p className="px-2.5 py-3 text-sm text-muted">No runs yet. Press Run to start one.</p>
      ) : (
        list.data.executions.map((execution) => (
          <HistoryItem
            key={execution.id}
            execution={execution}
            now={now}
            current={execution.id === shownId}
            onChoose={() => {
              menu.close();
              onOpen(execution.id);
            }}
            onVersion={() => menu.close(false)}
          />
        ))
      )}
      <hr className="-mx-1.5 my-1 border-line" />
      <Link
        to={`/dashboard/executions?workflowId=${encodeURIComponent(workflowId ?? '')}`}
        role="menuitem"
        className={`${menuItemShapeClasses} text-muted hover:text-ink`}
        onClick={() => menu.close(false)}
      >
        All runs of this workflow
      </Link>
    </MenuButton>
  );
}

function HistoryItem({
  execution,
  now,
  current,
  onChoose,
  onVersion,
}: {
  execution: ExecutionSummary;
  now: Date;
  current: boolean;
  onChoose(): void;
  onVersion(): void;
}) {
  return (
    <div className="flex items-stretch gap-0.5">
      <button
        type="button"
        role="menuitem"
        aria-current={current || undefined}
        onClick={onChoose}
        className={`${menuItemClasses} flex-1 justify-between ${current ? 'bg-brand-soft/60' : ''}`}
        data-testid="history-item"
        data-execution-id={execution.id}
        data-status={execution.status}
      >
        <span className="flex min-w-0 flex-col items-start gap-1">
          <span className="flex items-center gap-1.5">
            <RunStatusBadge status={execution.status} />
            <KeptMark kept={execution.kept} />
          </span>
          <span className="text-xs text-subtle">
            <RelativeTime value={execution.createdAt} now={now} /> · {triggerLabel(execution.trigger)}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-muted tabular-nums">
          {formatDuration(execution.durationMs)}
          {execution.usage && (
            <span className="text-subtle" title={usageTitle(execution.usage)} data-testid="history-item-cost">
              {formatCost(execution.usage) ?? formatTokens(execution.usage.inputTokens + execution.usage.outputTokens)}
            </span>
          )}
        </span>
      </button>
      {/* The version this run ran, opened in the version history (useVersionHistory reads ?version=). */}
      <Link
        to={`?version=${execution.workflowVersion}`}
        role="menuitem"
        title={`Open version ${execution.workflowVersion}, which this run ran, in the version history`}
        aria-label={`Version ${execution.workflowVersion} of this run`}
        onClick={onVersion}
        data-testid="run-version-link"
        className="flex shrink-0 items-center rounded-md px-2 font-mono text-xs text-muted tabular-nums outline-none transition-colors hover:bg-surface-2 hover:text-brand focus-visible:bg-surface-2"
      >
        v{execution.workflowVersion}
      </Link>
    </div>
  );
}
