import { IconButton } from '../../components/ui/IconButton';
import { CloseIcon, PinIcon } from '../../components/ui/icons';

export interface PanelHeaderActionsProps {
  /** Omit `onTogglePinned` where pinning means nothing (the modal panel). */
  pinned?: boolean;
  onTogglePinned?(): void;
  onClose(): void;
  /** What is being closed, for the buttons' names, e.g. "node settings". */
  what: string;
}

/** Pin and close buttons at the end of a panel header. */
export function PanelHeaderActions({ pinned = false, onTogglePinned, onClose, what }: PanelHeaderActionsProps) {
  return (
    <div className="-mr-1.5 flex shrink-0 items-center gap-0.5">
      {onTogglePinned && (
        <IconButton
          label={pinned ? `Unpin ${what}` : `Pin ${what}`}
          title={pinned ? 'Unpin: other items replace this panel' : 'Pin: other items open in a dialog instead'}
          aria-pressed={pinned}
          onClick={onTogglePinned}
          className={pinned ? 'bg-brand-soft text-brand hover:bg-brand-soft hover:text-brand' : ''}
        >
          <PinIcon size={15} className={pinned ? '' : 'rotate-45'} />
        </IconButton>
      )}
      <IconButton label={`Close ${what}`} onClick={onClose}>
        <CloseIcon size={16} />
      </IconButton>
    </div>
  );
}
