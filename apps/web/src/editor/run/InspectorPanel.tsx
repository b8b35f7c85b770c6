import { inputPorts, type NodeDefinition, type NodeRunState, type NodeStep, outputPorts, TOOLS_INPUT } from '@weft/core';
import { type ReactNode, useMemo, useState } from 'react';
import { KEPT_HINT, notKeptMessage } from '../../components/dashboard/run-data-kept';
import { SearchIcon } from '../../components/ui/icons';
import { formatDuration } from '../../lib/run-format';
import { NodeStatusBadge } from '../canvas/NodeStatusBadge';
import { formatLogTime } from '../panels/log-format';
import { useEditorStore } from '../store/editor.store';
import { AgentSteps } from './AgentSteps';
import { PinButton } from './PinButton';
import { shownRun, useRunStore } from './run.store';
import type { RunView } from './run-view';
import { ValueView } from './ValueView';
import { preferredView, VALUE_VIEWS, type ValueViewKind } from './value-view';

/**
 * What the selected node received and produced in the run on screen (live or stored):
 * each input and output port's value in the chosen view (text, JSON, table, markdown),
 * its error, attempts, time and log lines. Sits beside the logs, as tall as they are;
 * RunDrawer sets its width.
 */
export function InspectorPanel({ bodyHeight }: { bodyHeight: number }) {
  const nodeId = useEditorStore((s) => s.selectedNodeId);
  const data = useEditorStore((s) => (nodeId ? s.nodes.find((n) => n.id === nodeId)?.data : undefined));
  const definition = useEditorStore((s) => (data ? s.definitionsByType.get(data.type) : undefined));
  const view = useRunStore(shownRun);
  const state = nodeId ? view?.run.nodes[nodeId] : undefined;

  return (
    <section aria-label="Inspector" data-testid="inspector" className="flex h-full min-w-0 flex-col border-t border-l border-line bg-surface">
      {nodeId && state && view ? (
        <NodeInspector
          key={`${view.executionId}:${nodeId}`}
          nodeId={nodeId}
          label={data?.label ?? nodeId}
          definition={definition}
          config={data?.config}
          state={state}
          view={view}
          bodyHeight={bodyHeight}
        />
      ) : (
        <>
          <InspectorHeader title={data?.label} />
          <div style={{ height: bodyHeight }} className="flex items-center justify-center border-t border-line px-6 text-center text-sm text-subtle">
            {!nodeId ? 'Select a node to see what went in and what came out.' : <NotPartOfRun kept={view?.kept} />}
          </div>
        </>
      )}
    </section>
  );
}

/** A node the shown run has nothing on: left out of the run, or a run that kept only its summary. */
function NotPartOfRun({ kept }: { kept: RunView['kept'] }) {
  const notKept = notKeptMessage(kept);
  if (!notKept) return <>This node was not part of this run.</>;
  return (
    <span data-testid="inspector-not-kept">
      {notKept}.<span className="mt-1 block text-xs">{KEPT_HINT}</span>
    </span>
  );
}

function InspectorHeader({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="flex h-9 shrink-0 items-center gap-2 pr-1.5 pl-3">
      <SearchIcon size={14} className="shrink-0 text-muted" />
      {/* With a node chosen its label is the heading (the panel is named Inspector already), so it is not cut short first. */}
      <h2 className="min-w-0 flex-1 truncate text-[13px] font-medium text-ink" title={title}>
        {title ? (
          <>
            <span className="sr-only">Inspector: </span>
            {title}
          </>
        ) : (
          'Inspector'
        )}
      </h2>
      {children}
    </div>
  );
}

interface NodeInspectorProps {
  nodeId: string;
  label: string;
  definition: NodeDefinition | undefined;
  config: Readonly<Record<string, unknown>> | undefined;
  state: NodeRunState;
  view: RunView;
  bodyHeight: number;
}

const NO_STEPS: readonly NodeStep[] = [];
const labelOf = (id: string) => useEditorStore.getState().nodes.find((n) => n.id === id)?.data.label;

function NodeInspector({ nodeId, label, definition, config, state, view, bodyHeight }: NodeInspectorProps) {
  const [chosen, setChosen] = useState<ValueViewKind | null>(null);
  const shown = chosen ?? preferredView(state.outputs, state.inputs);
  const entries = view.log.entries;
  const lines = useMemo(() => entries.filter((e) => e.nodeId === nodeId), [entries, nodeId]);
  const inputLabels = useMemo(() => portLabels(definition ? inputPorts(definition, config ?? {}) : []), [definition, config]);
  const outputLabels = useMemo(() => portLabels(definition ? outputPorts(definition) : []), [definition]);
  // A successful run that kept only outputs has each node's status and timing but no values.
  const notKept = notKeptMessage(view.kept);
  // An Agent (a node with a Tools input) shows its steps list as soon as it runs; any node that reported steps shows them.
  const takesTools = definition?.inputs.some((port) => port.id === TOOLS_INPUT.id) ?? false;
  const showSteps = (state.steps?.length ?? 0) > 0 || (takesTools && state.status === 'running');
  const duration = view.durations[nodeId] ?? (state.startedAt !== undefined && state.finishedAt !== undefined ? state.finishedAt - state.startedAt : undefined);

  return (
    <>
      <InspectorHeader title={label}>
        <ViewSwitch value={shown} onChange={setChosen} />
      </InspectorHeader>
      <div style={{ height: bodyHeight }} className="space-y-4 overflow-y-auto border-t border-line px-3 py-2.5" data-node-id={nodeId}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <NodeStatusBadge status={state.status} />
          {state.maxAttempts ? (
            <span data-testid="inspector-attempts">
              attempt {state.attempts} of {state.maxAttempts}
            </span>
          ) : (
            state.attempts > 1 && <span>{state.attempts} attempts</span>
          )}
          {state.source ? (
            <span className="font-medium text-brand" data-testid="inspector-source">
              {state.source === 'pinned' ? 'pinned, not called' : 'reused from an earlier run'}
            </span>
          ) : (
            duration !== undefined && <span className="tabular-nums">{formatDuration(duration)}</span>
          )}
          {state.startedAt !== undefined && <span className="tabular-nums">started {formatLogTime(new Date(state.startedAt))}</span>}
          <PinButton nodeId={nodeId} state={state} hasOutputs={outputLabels.size > 0} />
        </div>
        {state.error && (
          <p
            className="rounded-md border border-danger/30 bg-danger/5 px-2.5 py-2 text-xs leading-5 break-words whitespace-pre-wrap text-danger"
            data-testid="inspector-error"
          >
            {state.error}
          </p>
        )}
        {state.status === 'skipped' && state.skipReason && <p className="text-xs text-muted">Skipped: {state.skipReason}</p>}
        <PortValues
          title="Input"
          values={state.inputs}
          labels={inputLabels}
          view={shown}
          empty={notKept ?? (state.status === 'running' || state.inputs ? 'No inputs' : 'Not run')}
        />
        {showSteps && <AgentSteps steps={state.steps ?? NO_STEPS} running={state.status === 'running'} view={shown} labelOf={labelOf} />}
        {state.status === 'running' && state.streamed ? (
          <Section title="Output (streaming)">
            <ValueView value={state.streamed} view={shown === 'markdown' ? 'markdown' : 'text'} />
          </Section>
        ) : (
          <PortValues
            title="Output"
            values={state.outputs}
            labels={outputLabels}
            view={shown}
            empty={notKept ?? (state.status === 'success' ? 'No outputs' : 'Not yet')}
          />
        )}
        {notKept && (
          <p className="text-xs leading-5 text-subtle" data-testid="inspector-kept-hint">
            Node log messages were not kept, only start and finish times. {KEPT_HINT}
          </p>
        )}
        {lines.length > 0 && (
          <Section title="Logs">
            <div className="rounded-md border border-line bg-canvas px-2.5 py-1.5 font-mono text-xs leading-5">
              {lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a node's lines only ever append.
                <div key={index} className="flex gap-2">
                  <span className="shrink-0 text-subtle tabular-nums">{formatLogTime(new Date(line.at))}</span>
                  <span
                    className={`min-w-0 break-words whitespace-pre-wrap ${line.level === 'error' ? 'text-danger' : line.level === 'warn' ? 'text-warn' : 'text-ink'}`}
                  >
                    {line.message}
                  </span>
                </div>
              ))}
            </div>
          </Section>
        )}
      </div>
    </>
  );
}

function portLabels(ports: readonly { id: string; label: string }[]): ReadonlyMap<string, string> {
  return new Map(ports.map((p) => [p.id, p.label]));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1.5 text-[11px] font-semibold tracking-wide text-subtle uppercase">{title}</h3>
      <div className="space-y-3">{children}</div>
    </div>
  );
}

function PortValues({
  title,
  values,
  labels,
  view,
  empty,
}: {
  title: string;
  values: Readonly<Record<string, unknown>> | undefined;
  labels: ReadonlyMap<string, string>;
  view: ValueViewKind;
  empty: string;
}) {
  const entries = Object.entries(values ?? {});
  return (
    <Section title={title}>
      {entries.length === 0 ? (
        <p className="text-xs text-subtle italic">{empty}</p>
      ) : (
        entries.map(([port, value]) => (
          <div key={port} data-testid={`inspector-${title.toLowerCase()}`} data-port={port}>
            <p className="mb-1 text-xs font-medium text-ink">
              {labels.get(port) ?? port}
              {labels.has(port) && labels.get(port) !== port && <span className="ml-1.5 font-mono text-[11px] font-normal text-subtle">{port}</span>}
            </p>
            <ValueView value={value} view={view} />
          </div>
        ))
      )}
    </Section>
  );
}

/** Text · JSON · Table · Markdown: toggle buttons, the pressed one is the view shown. */
function ViewSwitch({ value, onChange }: { value: ValueViewKind; onChange(view: ValueViewKind): void }) {
  return (
    <fieldset className="flex shrink-0 rounded-md bg-surface-2 p-0.5">
      <legend className="sr-only">Show values as</legend>
      {VALUE_VIEWS.map(({ kind, label }) => (
        <button
          key={kind}
          type="button"
          aria-pressed={value === kind}
          onClick={() => onChange(kind)}
          data-testid={`inspector-view-${kind}`}
          className={`h-6 rounded px-2 text-[11px] font-medium transition-colors ${value === kind ? 'bg-surface text-ink shadow-xs dark:bg-line' : 'text-muted hover:text-ink'}`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
