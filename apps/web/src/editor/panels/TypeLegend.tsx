import { DATA_TYPES, type DataType } from '@weft/core';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';
import { dataTypeSwatch } from '../../lib/palette';

export interface TypeLegendProps {
  /** The type being dragged or hovered: shown emphasised, the others dimmed. */
  highlighted?: DataType | null;
  /** The types to list; defaults to all eight. */
  types?: readonly DataType[];
  defaultCollapsed?: boolean;
}

/**
 * The port colours, as a small card for a corner of the canvas. Folded (the canvas's
 * default, issue 22: it took room from the nodes), it is its title and one row of dots,
 * no wider than that; unfolded, a two-column list. While a connection is dragged its
 * type stands out either way.
 */
export function TypeLegend({ highlighted = null, types = DATA_TYPES, defaultCollapsed = false }: TypeLegendProps) {
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const listId = useId();
  return (
    <section aria-label="Data types" className={`${collapsed ? 'w-fit' : 'w-48'} rounded-xl border border-line bg-surface/95 shadow-sm backdrop-blur-sm`}>
      <button
        type="button"
        aria-expanded={!collapsed}
        aria-controls={listId}
        onClick={() => setCollapsed(!collapsed)}
        className="flex h-8 w-full items-center gap-2 rounded-xl px-3 text-left text-[11px] font-semibold tracking-wide text-subtle uppercase hover:text-muted"
      >
        <span className={collapsed ? '' : 'flex-1'}>Data types</span>
        {collapsed && (
          <span aria-hidden="true" className="flex gap-1">
            {types.map((type) => (
              <span key={type} className={`size-2 rounded-full ${dataTypeSwatch(type).dot} ${highlighted && highlighted !== type ? 'opacity-30' : ''}`} />
            ))}
          </span>
        )}
        <ChevronDownIcon size={13} className={`transition-transform ${collapsed ? '-rotate-90' : ''}`} />
      </button>
      {!collapsed && (
        <ul id={listId} className="grid grid-cols-2 gap-x-2 gap-y-0.5 px-2 pb-2">
          {types.map((type) => {
            const swatch = dataTypeSwatch(type);
            const active = highlighted === type;
            const dimmed = highlighted !== null && !active;
            return (
              <li
                key={type}
                aria-current={active || undefined}
                className={`flex h-6 items-center gap-1.5 rounded-md px-1.5 font-mono text-[11px] transition ${
                  active ? `font-semibold ring-1 ring-inset ${swatch.chip}` : dimmed ? 'text-subtle opacity-50' : 'text-muted'
                }`}
              >
                <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${swatch.dot} ${active ? 'ring-2 ring-current/30' : ''}`} />
                {type}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
