import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { PencilIcon } from './icons';

export interface InlineEditProps {
  value: string;
  /** Called with the trimmed new text when it differs and is not empty. */
  onCommit(next: string): void;
  /** Accessible name of the field, e.g. "Node name". */
  label: string;
  maxLength?: number;
  /** Typography of the text (both states), e.g. "text-base font-semibold". */
  className?: string;
}

/**
 * Text that becomes an input on click, Enter or F2: Enter or leaving saves, Escape
 * cancels, and an empty name is refused (the old one comes back).
 */
export function InlineEdit({ value, onCommit, label, maxLength = 120, className = '' }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const cancelled = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  // Enter and Escape hand focus back to the text; a click elsewhere leaves it there.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);

  const start = () => {
    setDraft(value);
    cancelled.current = false;
    setEditing(true);
  };
  const finish = () => {
    setEditing(false);
    const next = draft.trim();
    if (!cancelled.current && next !== '' && next !== value) onCommit(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      refocus.current = true;
      event.currentTarget.blur();
    }
    if (event.key === 'Escape') {
      refocus.current = true;
      // Escape here cancels the edit; it must not also close the panel around it.
      event.stopPropagation();
      cancelled.current = true;
      event.currentTarget.blur();
    }
  };

  if (editing) {
    return (
      <input
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this text.
        autoFocus
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        onChange={(e) => setDraft(e.target.value)}
        onFocus={(e) => e.currentTarget.select()}
        onBlur={finish}
        onKeyDown={onKeyDown}
        className={`-mx-1.5 w-[calc(100%+0.75rem)] min-w-0 rounded-md border border-brand bg-surface px-1.5 text-ink outline-none ring-3 ring-brand/20 ${className}`}
      />
    );
  }
  return (
    <button
      ref={button}
      type="button"
      onClick={start}
      onKeyDown={(e) => {
        if (e.key === 'F2') start();
      }}
      title={`Rename (${value})`}
      aria-label={`${label}: ${value}. Press Enter to rename.`}
      // The negative margins line the text up with what is around it; the width they take
      // back is added to the cap, or a name that fits would be cut short by 0.75rem.
      className={`group -mx-1.5 flex max-w-[calc(100%+0.75rem)] min-w-0 items-center gap-1.5 rounded-md border border-transparent px-1.5 text-left text-ink hover:bg-surface-2 ${className}`}
    >
      <span className="truncate">{value}</span>
      <PencilIcon size={13} className="shrink-0 text-subtle opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100" />
    </button>
  );
}
