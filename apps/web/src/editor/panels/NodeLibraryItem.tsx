import type { NodeDefinition } from '@weft/core';
import { type DragEvent, type KeyboardEvent, useId } from 'react';
import { categorySwatch } from '../../lib/palette';
import { distinctTypes, highlightMatches } from './library-search';
import { PortTypeChip } from './PortTypeChip';

/** The drag payload's type: the canvas reads the node type from it on drop. */
export const NODE_DRAG_MIME = 'application/weft-node-type';

export interface NodeLibraryItemProps {
  definition: NodeDefinition;
  /** The library search, to highlight its words in the title. */
  query?: string;
  onAdd(type: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLButtonElement>): void;
}

/**
 * One node type in the library: click, Enter or Space adds it; dragging carries its
 * type to the canvas. Port types show as coloured chips, inputs → outputs.
 */
export function NodeLibraryItem({ definition, query = '', onAdd, onKeyDown }: NodeLibraryItemProps) {
  const id = useId();
  const swatch = categorySwatch(definition.category);
  const inputs = distinctTypes(definition.inputs);
  const outputs = distinctTypes(definition.outputs);

  const onDragStart = (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(NODE_DRAG_MIME, definition.type);
    // Plain text too, so a drop outside the canvas (a text field) does something sensible.
    event.dataTransfer.setData('text/plain', definition.type);
    event.dataTransfer.effectAllowed = 'move';
  };

  const ports = `${inputs.length ? `takes ${inputs.join(', ')}` : 'no inputs'}; ${outputs.length ? `gives ${outputs.join(', ')}` : 'no outputs'}`;
  return (
    <button
      type="button"
      draggable
      data-library-item={definition.type}
      onClick={() => onAdd(definition.type)}
      onDragStart={onDragStart}
      onKeyDown={onKeyDown}
      // Named by the title alone; description and port types are read as its description.
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description ${id}-ports`}
      title="Click or drag onto the canvas"
      className="group flex w-full cursor-grab items-start gap-2.5 rounded-lg border border-transparent px-2 py-2 text-left transition-colors hover:border-line hover:bg-surface-2 focus-visible:bg-surface-2 active:cursor-grabbing"
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-md text-xs font-semibold ring-1 ring-inset ${swatch.chip}`}
      >
        {definition.title.charAt(0).toUpperCase()}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1.5">
          <span id={`${id}-title`} className="block truncate text-[13px] leading-5 font-medium text-ink">
            {highlightMatches(definition.title, query).map((part, i) =>
              part.match ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their place.
                <mark key={i} className="rounded-sm bg-brand-soft text-brand">
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </span>
          {definition.preview && (
            <span
              title="You can place and configure it now; it runs in a later release"
              className="shrink-0 rounded-full bg-surface-2 px-1.5 text-[10px] leading-4 font-medium text-muted ring-1 ring-line ring-inset"
            >
              Preview
            </span>
          )}
        </span>
        <span id={`${id}-description`} className="mt-0.5 line-clamp-2 block text-xs leading-4 text-muted">
          {definition.description}
        </span>
        <span id={`${id}-ports`} className="sr-only">
          {ports}
          {definition.preview ? '. Preview: runs in a later release.' : ''}
        </span>
        <span aria-hidden="true" className="mt-1.5 flex flex-wrap items-center gap-1">
          {inputs.map((type) => (
            <PortTypeChip key={`in-${type}`} type={type} />
          ))}
          {(inputs.length > 0 || outputs.length > 0) && <span className="px-0.5 text-[10px] text-subtle">→</span>}
          {outputs.map((type) => (
            <PortTypeChip key={`out-${type}`} type={type} />
          ))}
        </span>
      </span>
    </button>
  );
}
