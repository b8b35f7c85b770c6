import { type ReactNode, useId, useRef } from 'react';
import { Modal } from '../../components/ui/Modal';
import { PanelHeaderActions } from './PanelHeaderActions';

export interface ModalPanelProps {
  /** The dialog's accessible name and, unless `headerless`, its visible title. */
  title: string;
  /** Escape, the backdrop and the close button call this. */
  onClose(): void;
  /** Leave out the header when the content draws its own close button (`ConfigPanel`). */
  headerless?: boolean;
  children: ReactNode;
}

/**
 * Panel content shown over the editor in a dialog: what opens while the right panel is
 * pinned to something else (SPEC.md section 4). Escape closes it, Tab stays inside, and
 * focus returns to where it was.
 */
export function ModalPanel({ title, onClose, headerless = false, children }: ModalPanelProps) {
  const titleId = useId();
  // Focus the body, not its first control: a focused rename button or close button on
  // opening reads as "about to act"; Tab then walks in order from the top.
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal labelledBy={titleId} onClose={onClose} variant="panel" initialFocusRef={body}>
      {headerless ? (
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
      ) : (
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line pr-3 pl-5">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">
            {title}
          </h2>
          <PanelHeaderActions onClose={onClose} what={title.toLowerCase()} />
        </header>
      )}
      <div ref={body} tabIndex={-1} className={`min-h-0 flex-1 outline-none ${headerless ? 'flex flex-col' : 'overflow-y-auto'}`}>
        {children}
      </div>
    </Modal>
  );
}
