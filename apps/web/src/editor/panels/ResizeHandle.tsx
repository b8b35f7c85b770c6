import type { KeyboardEvent, PointerEvent } from 'react';

export interface ResizeHandleProps {
  /** Which edge of the panel the handle sits on; dragging away from the panel grows it. */
  edge: 'left' | 'top';
  size: number;
  min: number;
  max: number;
  onResize(size: number): void;
  /** Accessible name, e.g. "Resize settings panel". */
  label: string;
}

const KEY_STEP = 16;

/**
 * A draggable panel edge, also usable from the keyboard (a focusable `separator`:
 * arrows by 16 px, Home/End to the bounds), as the WAI-ARIA window splitter pattern says.
 */
export function ResizeHandle({ edge, size, min, max, onResize, label }: ResizeHandleProps) {
  const clamp = (value: number) => Math.round(Math.min(max, Math.max(min, value)));
  const horizontal = edge === 'left';

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const start = horizontal ? event.clientX : event.clientY;
    const startSize = size;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onResize(clamp(startSize + start - (horizontal ? e.clientX : e.clientY)));
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      document.body.style.removeProperty('cursor');
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
    // Keep the resize cursor while the pointer runs ahead of the handle.
    document.body.style.cursor = horizontal ? 'col-resize' : 'row-resize';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const grow = horizontal ? 'ArrowLeft' : 'ArrowUp';
    const shrink = horizontal ? 'ArrowRight' : 'ArrowDown';
    const next = event.key === grow ? size + KEY_STEP : event.key === shrink ? size - KEY_STEP : event.key === 'Home' ? min : event.key === 'End' ? max : null;
    if (next === null) return;
    event.preventDefault();
    onResize(clamp(next));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA window-splitter pattern; <hr> cannot take focus or keys.
    <div
      role="separator"
      aria-label={label}
      aria-orientation={horizontal ? 'vertical' : 'horizontal'}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onResize(clamp((min + max) / 2))}
      className={`group absolute z-10 touch-none outline-none ${
        horizontal ? 'top-0 bottom-0 -left-1 w-2 cursor-col-resize' : '-top-1 right-0 left-0 h-2 cursor-row-resize'
      }`}
    >
      <span
        aria-hidden="true"
        className={`absolute bg-brand opacity-0 transition-opacity group-hover:opacity-60 group-focus-visible:opacity-100 group-active:opacity-100 ${
          horizontal ? 'top-0 bottom-0 left-[3px] w-0.5' : 'top-[3px] right-0 left-0 h-0.5'
        }`}
      />
    </div>
  );
}
