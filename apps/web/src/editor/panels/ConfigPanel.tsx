import { inputPorts, type NodeDefinition } from '@weft/core';
import { type ReactNode, useMemo } from 'react';
import { Alert } from '../../components/ui/Alert';
import { IconButton } from '../../components/ui/IconButton';
import { InlineEdit } from '../../components/ui/InlineEdit';
import { AlertTriangleIcon, ChevronRightIcon, ColumnsIcon, SlidersIcon } from '../../components/ui/icons';
import { categorySwatch } from '../../lib/palette';
import { ConfigForm } from './ConfigForm';
import { NodeAbout } from './NodeAbout';
import { PanelHeaderActions } from './PanelHeaderActions';

/** The node being configured, as the editor holds it. */
export interface ConfigPanelNode {
  id: string;
  label: string;
  /** The node definition's type, e.g. `llm.chat`. */
  type: string;
  config: Readonly<Record<string, unknown>>;
}

export interface ConfigPanelProps {
  node: ConfigPanelNode;
  /** The node's definition; `undefined` shows the "Unknown node type" state. */
  definition: NodeDefinition | undefined;
  /** Global parameter keys of the workflow, offered as `{{params.KEY}}` in prompts. */
  parameters: readonly string[];
  /**
   * The node's input ports, offered as `{{input}}` / `{{input.ID}}` in prompts. Defaults
   * to the definition's inputs for the current config when omitted.
   */
  inputs?: readonly { id: string; label: string }[];
  /** Called with the whole next config on every change. */
  onChange(config: Record<string, unknown>): void;
  /** Called with the new, trimmed, non-empty label (duplicates are the store's to suffix). */
  onRename(label: string): void;
  onClose(): void;
  /** Pin state of the right panel; omit both in the modal panel to hide the pin button. */
  pinned?: boolean;
  onTogglePinned?(): void;
  /** Show all required-field messages at once (e.g. after a run was refused). */
  showAllErrors?: boolean;
  /** More sections under the settings (retries, pinned output). */
  children?: ReactNode;
  /** A section between the node's description and its settings: an Agent's tools, or a tool node's name as its Agent sees it. */
  overview?: ReactNode;
  /** Actions under the node's name and type (run this node, run up to here). */
  headerActions?: ReactNode;
  /**
   * What the node receives and gives (`NodeFlowSection`s): above and under the settings
   * in a narrow panel, in columns either side of them once the panel is 44rem wide.
   */
  receives?: ReactNode;
  gives?: ReactNode;
  /** The panel is widened to show the data beside the settings; omit both to hide the button. */
  wide?: boolean;
  onToggleWide?(): void;
}

/**
 * The selected node's settings: an editable name, type and category, description and
 * docs, a form generated from the definition's config schema and, given them, what the
 * node receives and gives (issue 22, n8n's node view). Presentational: it
 * holds no editor state beyond what its fields are typing. Put it in `RightPanel` or
 * `ModalPanel` with `headerless`, since it draws its own header with pin and close.
 */
export function ConfigPanel({
  node,
  definition,
  parameters,
  inputs,
  onChange,
  onRename,
  onClose,
  pinned,
  onTogglePinned,
  showAllErrors,
  children,
  overview,
  headerActions,
  receives,
  gives,
  wide,
  onToggleWide,
}: ConfigPanelProps) {
  const ports = useMemo(() => (definition ? inputPorts(definition, node.config) : []), [definition, node.config]);
  const hints = useMemo(() => ({ parameters, inputs: inputs ?? ports.map((p) => ({ id: p.id, label: p.label })) }), [parameters, inputs, ports]);
  const swatch = definition ? categorySwatch(definition.category) : null;
  const titleId = `config-title-${node.id}`;

  return (
    <section aria-labelledby={titleId} className="flex h-full min-h-0 flex-col bg-surface">
      <header className="border-b border-line px-4 pt-3 pb-3">
        <div className="flex items-center gap-2.5">
          <span
            aria-hidden="true"
            className={`flex size-8 shrink-0 items-center justify-center rounded-lg text-sm font-semibold ring-1 ring-inset ${swatch ? swatch.chip : 'bg-danger/10 text-danger ring-danger/25'}`}
          >
            {swatch ? (definition?.title.charAt(0).toUpperCase() ?? '?') : <AlertTriangleIcon size={15} />}
          </span>
          <h2 id={titleId} className="min-w-0 flex-1">
            <InlineEdit value={node.label} onCommit={onRename} label="Node name" className="h-8 text-[15px] font-semibold" />
          </h2>
          {onToggleWide && (
            <IconButton
              label={wide ? 'Narrow node settings' : 'Widen node settings'}
              title={wide ? 'Narrow: the data above and under the settings' : 'Widen: what the node receives and gives beside its settings'}
              aria-pressed={wide}
              onClick={onToggleWide}
              className={`-mr-1.5 ${wide ? 'bg-brand-soft text-brand hover:bg-brand-soft hover:text-brand' : ''}`}
            >
              <ColumnsIcon size={15} />
            </IconButton>
          )}
          <PanelHeaderActions pinned={pinned} onTogglePinned={onTogglePinned} onClose={onClose} what="node settings" />
        </div>
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5 pl-[42px] text-xs">
          <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[11px] text-muted">{node.type}</code>
          {definition ? (
            <>
              <span className={`rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset ${swatch?.chip}`}>{definition.category}</span>
              <span className="text-subtle">v{definition.version}</span>
            </>
          ) : (
            <span className="rounded-full bg-danger/10 px-2 py-0.5 text-[11px] font-medium text-danger ring-1 ring-danger/25 ring-inset">Unknown type</span>
          )}
        </div>
        {headerActions && <div className="mt-2.5 pl-[42px]">{headerActions}</div>}
      </header>

      <div className="@container min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {definition ? (
          // Narrow: one column, receives / settings / gives. Wide: three columns, the data
          // columns staying in sight while the settings scroll.
          <div className="grid gap-5 @min-[44rem]:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)] @min-[44rem]:items-start">
            {receives && <div className="@min-[44rem]:sticky @min-[44rem]:top-0 @min-[44rem]:col-start-1 @min-[44rem]:row-start-1">{receives}</div>}
            <div className="min-w-0 space-y-5 @min-[44rem]:col-start-2 @min-[44rem]:row-start-1">
              <div className="space-y-3">
                {definition.description && <p className="text-sm leading-6 text-muted">{definition.description}</p>}
                {definition.preview && (
                  <Alert tone="info">
                    <span className="font-medium">Preview node.</span> You can place, connect, configure and save it now; it runs in a later release.
                  </Alert>
                )}
                <NodeAbout key={definition.type} definition={definition} inputs={ports} />
              </div>
              {overview}
              {definition.config.length === 0 ? (
                <NoSettings />
              ) : (
                <div>
                  <h3 className="mb-3 text-[11px] font-semibold tracking-wide text-subtle uppercase">Settings</h3>
                  {/* Keyed by node: a different node starts with fresh drafts and no visited fields. */}
                  <ConfigForm
                    key={node.id}
                    nodeId={node.id}
                    fields={definition.config}
                    config={node.config}
                    onChange={onChange}
                    hints={hints}
                    showAllErrors={showAllErrors}
                  />
                </div>
              )}
              {children}
            </div>
            {gives && <div className="@min-[44rem]:sticky @min-[44rem]:top-0 @min-[44rem]:col-start-3 @min-[44rem]:row-start-1">{gives}</div>}
          </div>
        ) : (
          <UnknownType node={node} />
        )}
      </div>
    </section>
  );
}

function NoSettings() {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-line px-4 py-8 text-center">
      <span className="flex size-9 items-center justify-center rounded-full bg-surface-2 text-subtle">
        <SlidersIcon size={16} />
      </span>
      <p className="mt-3 text-sm font-medium text-ink">This node has no settings</p>
      <p className="mt-1 text-xs text-muted">Connect it and it works as it is.</p>
    </div>
  );
}

function UnknownType({ node }: { node: ConfigPanelNode }) {
  const json = JSON.stringify(node.config, null, 2);
  return (
    <div className="space-y-4">
      <div role="alert" className="rounded-lg border border-danger/30 bg-danger/5 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-danger">
          <AlertTriangleIcon size={16} />
          Unknown node type
        </p>
        <p className="mt-2 text-sm leading-6 text-ink">
          This server has no node type <code className="rounded bg-surface-2 px-1 font-mono text-[0.85em]">{node.type}</code>. The workflow may come from a
          newer version of Weft, or use a custom node that was removed.
        </p>
        <p className="mt-2 text-sm leading-6 text-muted">Its settings are kept as they are. Remove the node, or install its type, to run the workflow.</p>
      </div>
      {json !== '{}' && (
        <details className="group rounded-lg border border-line">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-[13px] font-medium text-ink hover:bg-surface-2 [&::-webkit-details-marker]:hidden">
            <ChevronRightIcon size={14} className="text-subtle transition-transform group-open:rotate-90" />
            Stored settings
          </summary>
          <pre className="overflow-x-auto border-t border-line px-3 py-2 font-mono text-xs leading-5 text-muted">{json}</pre>
        </details>
      )}
    </div>
  );
}
