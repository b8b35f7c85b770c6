import { type ReactNode, useState } from 'react';
import { PanelHeaderActions } from './PanelHeaderActions';
import { ResizeHandle } from './ResizeHandle';

export const RIGHT_PANEL_MIN_WIDTH = 320;
/** Wide enough for a node's settings with what it receives and gives in columns beside them. */
export const RIGHT_PANEL_MAX_WIDTH = 960;
export const RIGHT_PANEL_DEFAULT_WIDTH = 380;
/** The node settings widened ("Widen node settings"): three columns of data, settings, data. */
export const RIGHT_PANEL_WIDE_WIDTH = 880;

export interface RightPanelProps {
  /** The panel's accessible name and, unless `headerless`, its visible title. */
  title: string;
  pinned: boolean;
  onTogglePinned(): void;
  onClose(): void;
  /**
   * Leave out the header when the content draws its own with pin and close (as
   * `ConfigPanel` does); the panel is then named by `title` only.
   */
  headerless?: boolean;
  /** Controlled width in px; leave out to let the panel keep its own. */
  width?: number;
  onWidthChange?(width: number): void;
  children: ReactNode;
}

/**
 * The panel docked on the right of the canvas, resizable from its left edge (drag, or
 * focus the edge and use the arrow keys). The rule for what opens here and what opens
 * in the modal panel (SPEC.md section 4) is the editor store's; this only draws.
 */
export function RightPanel({ title, pinned, onTogglePinned, onClose, headerless = false, width, onWidthChange, children }: RightPanelProps) {
  const [ownWidth, setOwnWidth] = useState(RIGHT_PANEL_DEFAULT_WIDTH);
  const shown = width ?? ownWidth;
  const resize = (next: number) => {
    setOwnWidth(next);
    onWidthChange?.(next);
  };
  return (
    <aside
      aria-label={title}
      style={{ width: shown }}
      className="relative flex h-full max-w-[85vw] shrink-0 flex-col border-l border-line bg-surface shadow-[-8px_0_24px_-16px_rgb(0_0_0/0.15)]"
    >
      <ResizeHandle edge="left" size={shown} min={RIGHT_PANEL_MIN_WIDTH} max={RIGHT_PANEL_MAX_WIDTH} onResize={resize} label={`Resize ${title}`} />
      {!headerless && (
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line pr-3 pl-4">
          <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{title}</h2>
          <PanelHeaderActions pinned={pinned} onTogglePinned={onTogglePinned} onClose={onClose} what={title.toLowerCase()} />
        </header>
      )}
      <div className={`min-h-0 flex-1 ${headerless ? 'flex flex-col' : 'overflow-y-auto'}`}>{children}</div>
    </aside>
  );
}
