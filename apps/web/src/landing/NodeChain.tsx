import type { TemplatePreviewNode } from '@weft/core';
import { Icon } from '../components/ui/named-icon';
import { categorySwatch } from '../lib/palette';

function Connector() {
  return (
    <span aria-hidden="true" className="relative h-px min-w-2 flex-1 bg-subtle/50">
      <span className="absolute top-1/2 right-0 h-1.5 w-1.5 -translate-y-1/2 rounded-full bg-subtle" />
    </span>
  );
}

/** A template's nodes as a tiny canvas: glyph tiles joined by edges (names in the list's label). */
export function NodeChainPreview({ nodes, size = 'sm' }: { nodes: readonly TemplatePreviewNode[]; size?: 'sm' | 'lg' }) {
  // Large tiles step down a size on two-column tablets, where six of them would not fit a card.
  const tile = size === 'lg' ? 'h-10 w-10 rounded-lg lg:h-12 lg:w-12 lg:rounded-xl' : 'h-9 w-9 rounded-lg';
  return (
    <ol aria-label={`Nodes: ${nodes.map((n) => n.title).join(', then ')}`} className="flex w-full items-center">
      {nodes.map((node, i) => (
        <li key={`${node.type}-${node.title}`} title={node.title} className={`flex items-center ${i > 0 ? 'flex-1' : ''}`}>
          {i > 0 && <Connector />}
          <span
            className={`flex shrink-0 items-center justify-center border border-line bg-surface shadow-sm ${tile}`}
            style={{ color: categorySwatch(node.category).hex }}
          >
            <span className="sr-only">{node.title}</span>
            <Icon name={node.icon} size={size === 'lg' ? 22 : 17} strokeWidth={1.9} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The same chain with labels, wrapping on narrow screens (gallery cards). */
export function NodeChainDetailed({ nodes }: { nodes: readonly TemplatePreviewNode[] }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-2">
      {nodes.map((node, i) => {
        const swatch = categorySwatch(node.category);
        return (
          <li key={`${node.type}-${node.title}`} className="flex items-center gap-1.5">
            {i > 0 && (
              <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="text-subtle" aria-hidden="true">
                <path d="M5 12h14M13 6l6 6-6 6" />
              </svg>
            )}
            <span className="inline-flex items-center gap-1.5 rounded-lg border border-line bg-surface px-2 py-1 text-xs font-medium text-ink shadow-sm">
              <span style={{ color: swatch.hex }}>
                <Icon name={node.icon} size={14} strokeWidth={2} />
              </span>
              {node.title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
