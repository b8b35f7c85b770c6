import type { NodeDefinition } from '@weft/core';
import { memo } from 'react';
import { PinIcon } from '../../components/ui/icons';
import { Icon } from '../../components/ui/named-icon';
import { categorySwatch } from '../../lib/palette';
import type { EditorNodeData } from '../store/types';
import { NodePorts } from './NodePorts';
import { NodeResultLine } from './NodeResultLine';
import { NodeStatusBadge } from './NodeStatusBadge';
import { NodeSummaryLine } from './NodeSummaryLine';
import { nodeIcon } from './node-icon';
import { ToolSubtitle } from './ToolSubtitle';

interface NodeCardProps {
  nodeId: string;
  data: EditorNodeData;
  definition: NodeDefinition;
  selected: boolean;
  /** The node's status in the run on screen; the stored `data.status` (idle) otherwise. */
  status?: string;
}

/**
 * How a node looks on the canvas: a category-coloured header with icon, label and the
 * node type's title, the status badge, a one-line summary of its config (parameters put
 * in), its typed ports and, after a run, what it gave. Memoised on
 * data/definition/selected/status, so a drag (which changes only position) does not
 * re-render the card.
 */
export const NodeCard = memo(function NodeCard({ nodeId, data, definition, selected, status }: NodeCardProps) {
  const swatch = categorySwatch(definition.category);
  const subtitle = data.label === definition.title ? definition.category : definition.title;
  return (
    <div
      // Few rounded shapes, and a blurred shadow only on the selected card: cards are drawn
      // again as a pan brings them into view, and on a 1,000-node workflow each rounded
      // layer and blur per card costs frames (bench/README.md).
      className={`weft-node-card w-60 rounded-xl border bg-surface text-left transition-[box-shadow,border-color] duration-150 ${
        selected
          ? 'border-brand shadow-lg ring-2 shadow-brand/10 ring-brand/30 dark:shadow-black/40'
          : 'border-line shadow-[0_1px_0_rgb(0_0_0/0.05)] hover:border-[color-mix(in_oklab,var(--color-line),var(--color-ink)_18%)] hover:shadow-md dark:shadow-[0_1px_0_rgb(0_0_0/0.4)]'
      }`}
      data-testid="workflow-node"
      data-node-type={data.type}
      data-label={data.label}
    >
      {/* Heights here are CARD in node-geometry.ts: keep the two in step. */}
      <div className="flex h-[52px] items-center gap-2.5 px-3">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-lg text-white" style={{ backgroundColor: swatch.hex }}>
          <Icon name={nodeIcon(definition.type, definition.category)} size={16} strokeWidth={1.9} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="truncate text-[13px] leading-5 font-semibold text-ink" data-testid="node-label">
            {data.label}
          </div>
          {definition.toolUse ? (
            <ToolSubtitle nodeId={nodeId} label={data.label} subtitle={subtitle} atRunTime={definition.toolUse.arguments === undefined} />
          ) : (
            <div className="truncate text-[11px] leading-4 text-subtle">{subtitle}</div>
          )}
        </div>
        {data.pinned && (
          // Manual runs feed its pinned output on instead of calling it (NodeIterateSection).
          <span
            className="flex size-6 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand ring-1 ring-brand/25 ring-inset"
            title="Pinned: manual runs use its pinned output instead of calling it"
            role="img"
            aria-label="Pinned output"
            data-testid="node-pinned"
          >
            <PinIcon size={13} />
          </span>
        )}
        <NodeStatusBadge status={status ?? data.status} />
      </div>
      <NodeSummaryLine definition={definition} config={data.config} />
      <NodePorts definition={definition} config={data.config} />
      <NodeResultLine nodeId={nodeId} definition={definition} config={data.config} />
    </div>
  );
});
