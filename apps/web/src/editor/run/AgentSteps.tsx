import type { NodeStep } from '@weft/core';
import { memo, type ReactNode, useMemo, useState } from 'react';
import { ChevronRightIcon, SparklesIcon, WrenchIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { formatUsd, formatTokens as tokensText } from '../../lib/format-cost';
import { formatDuration } from '../../lib/run-format';
import { type AskedCall, briefArguments, type StepRow, stepRows, stepTotals } from './agent-steps';
import { ValueView } from './ValueView';
import type { ValueViewKind } from './value-view';

interface AgentStepsProps {
  steps: readonly NodeStep[];
  /** The node still runs: calls asked for and not ended yet show as running. */
  running: boolean;
  /** The inspector's chosen view, for arguments and results. */
  view: ValueViewKind;
  /** A tool node's label by its id (`toolNodeId`), for "from node …". */
  labelOf(nodeId: string): string | undefined;
}

/**
 * An Agent's steps in the inspector (issue 23): each model call (model, tokens, duration,
 * the tool calls it asked for, its text) and each tool call (tool, arguments, result or
 * error, duration), in the order they began; a row opens to show its values whole, in the
 * inspector's view. Live from `NodeRunState.steps`, stored from `NodeResult.steps`.
 */
export const AgentSteps = memo(function AgentSteps({ steps, running, view, labelOf }: AgentStepsProps) {
  const rows = useMemo(() => stepRows(steps), [steps]);
  const totals = useMemo(() => stepTotals(steps), [steps]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div data-testid="inspector-steps">
      <div className="mb-1.5 flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <h3 className="text-[11px] font-semibold tracking-wide text-subtle uppercase">Steps</h3>
        <p className="text-xs text-muted tabular-nums" data-testid="inspector-steps-totals">
          {plural(totals.modelCalls, 'model call')} · {plural(totals.toolCalls, 'tool call')}
          {totals.failed > 0 && <span className="text-warn"> · {totals.failed} failed</span>} · {formatTokens(totals.inputTokens, totals.outputTokens)}
          {/* The price shows when the model's is known (NodeStep.costUsd); tokens alone otherwise. */}
          {totals.costUsd !== undefined && <> · {formatUsd(totals.costUsd)}</>}
        </p>
      </div>
      <ol className="divide-y divide-line overflow-hidden rounded-md border border-line">
        {rows.map((row) => (
          <StepItem
            key={row.step.index}
            row={row}
            open={open.has(row.step.index)}
            onToggle={() => toggle(row.step.index)}
            running={running}
            view={view}
            labelOf={labelOf}
          />
        ))}
        {running && (
          <li className="flex items-center gap-2 px-2.5 py-1.5 text-xs text-muted" data-testid="inspector-steps-running">
            <Spinner size={12} decorative />
            {rows.length === 0 ? 'Calling the model…' : 'Working…'}
          </li>
        )}
      </ol>
    </div>
  );
});

interface StepItemProps {
  row: StepRow;
  open: boolean;
  onToggle(): void;
  running: boolean;
  view: ValueViewKind;
  labelOf(nodeId: string): string | undefined;
}

function StepItem({ row, open, onToggle, running, view, labelOf }: StepItemProps) {
  const { step } = row;
  const failed = step.status === 'error';
  const id = `step-${step.index}`;
  return (
    <li data-testid="inspector-step" data-kind={step.kind} data-status={step.status} data-name={step.name} className="bg-surface">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        className="flex w-full items-start gap-2 px-2.5 py-1.5 text-left text-xs hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
      >
        <ChevronRightIcon size={12} className={`mt-0.5 shrink-0 text-subtle transition-transform ${open ? 'rotate-90' : ''}`} />
        <span className="mt-px w-4 shrink-0 text-right text-subtle tabular-nums">{step.index}</span>
        {step.kind === 'model' ? (
          <SparklesIcon size={13} className={`mt-0.5 shrink-0 ${failed ? 'text-danger' : 'text-brand'}`} />
        ) : (
          <WrenchIcon size={13} className={`mt-0.5 shrink-0 ${failed ? 'text-danger' : 'text-info'}`} />
        )}
        {/* Two lines, so a narrow inspector cuts neither the name nor what the step did: name and figures, then what it did. */}
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 items-baseline gap-2">
            <span className="min-w-0 flex-1 truncate font-mono font-medium text-ink">{step.name}</span>
            {step.usage && <span className="shrink-0 text-subtle tabular-nums">{formatTokens(step.usage.inputTokens, step.usage.outputTokens)}</span>}
            {row.costUsd !== undefined && <span className="shrink-0 text-subtle tabular-nums">{formatUsd(row.costUsd)}</span>}
            <span className="shrink-0 text-subtle tabular-nums">{formatDuration(step.durationMs)}</span>
          </span>
          <span className={`block truncate ${failed ? 'text-danger' : 'text-muted'} ${step.kind === 'tool' && !failed ? 'font-mono' : ''}`}>
            {headline(row)}
          </span>
        </span>
      </button>
      {open && (
        <div id={id} className="space-y-2.5 border-t border-line bg-canvas/40 px-3 py-2.5" data-testid="inspector-step-detail">
          {step.kind === 'model' ? <ModelDetail row={row} running={running} view={view} /> : <ToolDetail row={row} view={view} labelOf={labelOf} />}
        </div>
      )}
    </li>
  );
}

/** What the closed row says after the name: what the model did, or the tool's arguments. */
function headline(row: StepRow): string {
  const { step } = row;
  if (step.status === 'error') return `failed: ${step.error ?? 'unknown error'}`;
  // Compared as text: the approval work adds `waiting` to NodeStep's statuses.
  if ((step.status as string) === 'waiting') return `waiting for approval: ${briefArguments(step.input)}`;
  if (step.kind === 'tool') return briefArguments(step.input) || 'no arguments';
  const calls = row.calls ?? [];
  if (calls.length > 0) return `asked for ${calls.map((call) => call.name).join(', ')}`;
  return 'answered';
}

function ModelDetail({ row, running, view }: { row: StepRow; running: boolean; view: ValueViewKind }) {
  const { step } = row;
  const sent = (step.input as { messages?: unknown } | undefined)?.messages;
  return (
    <>
      <Facts>
        {typeof sent === 'number' && <span>{plural(sent, 'message')} sent</span>}
        {step.usage && (
          <span>
            {step.usage.inputTokens} in + {step.usage.outputTokens} out tokens
          </span>
        )}
        <span>{formatDuration(step.durationMs)}</span>
      </Facts>
      {step.error && <ErrorText text={step.error} />}
      {row.text !== undefined && (
        <Part title={(row.calls ?? []).length > 0 ? 'Said' : 'Answer'}>
          <ValueView value={row.text} view={view === 'markdown' ? 'markdown' : 'text'} />
        </Part>
      )}
      {(row.calls ?? []).length > 0 && (
        <Part title="Asked for">
          <ul className="space-y-2">
            {(row.calls ?? []).map((call) => (
              <AskedCallItem key={call.id || call.name} call={call} running={running} view={view} />
            ))}
          </ul>
        </Part>
      )}
    </>
  );
}

function AskedCallItem({ call, running, view }: { call: AskedCall; running: boolean; view: ValueViewKind }) {
  const state =
    call.ranAs === undefined
      ? running
        ? 'running…'
        : 'not run'
      : call.ranStatus === 'waiting'
        ? `step ${call.ranAs}, waiting for approval`
        : `step ${call.ranAs}${call.ranStatus === 'error' ? ', failed' : ''}`;
  return (
    <li>
      <p className="mb-1 text-xs">
        <span className="font-mono font-medium text-ink">{call.name}</span>
        <span className="ml-1.5 text-subtle">→ {state}</span>
      </p>
      <ValueView value={call.arguments} view={view === 'markdown' || view === 'table' ? 'json' : view} />
    </li>
  );
}

function ToolDetail({ row, view, labelOf }: { row: StepRow; view: ValueViewKind; labelOf(nodeId: string): string | undefined }) {
  const { step } = row;
  const node = step.toolNodeId ? labelOf(step.toolNodeId) : undefined;
  return (
    <>
      <Facts>
        {node && <span>node {node}</span>}
        {row.askedBy !== undefined && <span>asked in step {row.askedBy}</span>}
        <span>{formatDuration(step.durationMs)}</span>
      </Facts>
      <Part title="Arguments">
        <ValueView value={step.input ?? {}} view={view === 'markdown' ? 'json' : view} />
      </Part>
      {step.status === 'error' ? (
        <ErrorText text={step.error ?? 'unknown error'} />
      ) : (step.status as string) === 'waiting' ? (
        <p className="text-xs text-warn">Waiting for a person to approve or reject this call.</p>
      ) : (
        <Part title="Result">
          <ValueView value={step.output} view={view} />
        </Part>
      )}
    </>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted tabular-nums">{children}</p>;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-ink">{title}</p>
      {children}
    </div>
  );
}

function ErrorText({ text }: { text: string }) {
  return <p className="rounded-md border border-danger/30 bg-danger/5 px-2.5 py-1.5 text-xs leading-5 break-words whitespace-pre-wrap text-danger">{text}</p>;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function formatTokens(input: number, output: number): string {
  return tokensText(input + output);
}
