import { useLayoutEffect, useRef, useState } from 'react';
import { IconButton } from '../../components/ui/IconButton';
import { ArrowDownIcon, CheckIcon, ChevronDownIcon, CopyIcon, TerminalIcon, TrashIcon } from '../../components/ui/icons';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';
import { formatLogTime, isAtBottom, type LogLine, logText } from './log-format';
import { ResizeHandle } from './ResizeHandle';

export type { LogLine } from './log-format';

export interface LogsAreaProps {
  expanded: boolean;
  onToggle(): void;
  /** Oldest first. Each is shown as `[HH:MM:SS] text` in local time (SPEC.md section 3). */
  lines: readonly LogLine[];
  /** Shows a Clear button when given. */
  onClear?(): void;
  /** Body height in px when expanded; leave out to let the drawer keep its own. */
  height?: number;
  onHeightChange?(height: number): void;
  /** Leave the top edge without its resize handle, for a drawer that draws one across more than the logs. */
  resizable?: boolean;
}

/** The body's height bounds and starting height, in px. */
export const LOGS_MIN_HEIGHT = 96;
export const LOGS_MAX_HEIGHT = 640;
export const LOGS_DEFAULT_HEIGHT = 224;

const levelText: Record<NonNullable<LogLine['level']>, string> = {
  info: 'text-ink',
  warn: 'text-warn',
  error: 'text-danger',
};

/**
 * The logs drawer under the canvas. The header always shows (with counts), the body
 * when expanded. New lines scroll into view unless the user has scrolled up to read;
 * then a "Jump to latest" button appears instead.
 */
export function LogsArea({ expanded, onToggle, lines, onClear, height, onHeightChange, resizable = true }: LogsAreaProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const [behind, setBehind] = useState(false);
  // Clipboard access can be refused; the lines stay selectable.
  const { copied, copy } = useCopyToClipboard(1500);
  const [ownHeight, setOwnHeight] = useState(LOGS_DEFAULT_HEIGHT);
  const bodyHeight = height ?? ownHeight;
  const errors = lines.filter((l) => l.level === 'error').length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows new lines and reopening.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (stuck.current || lines.length === 0) {
      el.scrollTop = el.scrollHeight;
      stuck.current = true;
      setBehind(false);
    } else setBehind(true);
  }, [lines, expanded]);

  const jump = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    stuck.current = true;
    setBehind(false);
  };

  return (
    <section aria-label="Logs" className="relative flex shrink-0 flex-col border-t border-line bg-surface" data-testid="logs-area">
      {expanded && resizable && (
        <ResizeHandle
          edge="top"
          size={bodyHeight}
          min={LOGS_MIN_HEIGHT}
          max={LOGS_MAX_HEIGHT}
          label="Resize logs"
          onResize={(next) => {
            setOwnHeight(next);
            onHeightChange?.(next);
          }}
        />
      )}
      <div className="flex h-9 items-center gap-2 pr-2 pl-2">
        <button
          type="button"
          aria-expanded={expanded}
          onClick={onToggle}
          className="flex h-7 items-center gap-2 rounded-md px-1.5 text-[13px] font-medium text-ink hover:bg-surface-2"
        >
          <ChevronDownIcon size={14} className={`text-subtle transition-transform ${expanded ? '' : 'rotate-180'}`} />
          <TerminalIcon size={14} className="text-muted" />
          Logs
          {lines.length > 0 && <span className="rounded-full bg-surface-2 px-1.5 text-[11px] font-medium text-muted tabular-nums">{lines.length}</span>}
          {errors > 0 && (
            <span className="rounded-full bg-danger/10 px-1.5 text-[11px] font-medium text-danger tabular-nums">
              {errors} {errors === 1 ? 'error' : 'errors'}
            </span>
          )}
        </button>
        <span className="flex-1" />
        {expanded && lines.length > 0 && (
          <>
            <IconButton label={copied ? 'Copied' : 'Copy logs'} onClick={() => void copy(logText(lines))} className="size-7">
              {copied ? <CheckIcon size={14} className="text-ok" /> : <CopyIcon size={14} />}
            </IconButton>
            {onClear && (
              <IconButton label="Clear logs" onClick={onClear} danger className="size-7">
                <TrashIcon size={14} />
              </IconButton>
            )}
          </>
        )}
      </div>
      {expanded && (
        <div className="relative border-t border-line" style={{ height: bodyHeight }}>
          <div
            ref={scroller}
            role="log"
            aria-label="Run logs"
            onScroll={(e) => {
              stuck.current = isAtBottom(e.currentTarget);
              if (stuck.current) setBehind(false);
            }}
            className="h-full overflow-y-auto bg-canvas px-3 py-2 font-mono text-xs leading-5"
          >
            {lines.length === 0 ? (
              <p className="flex h-full items-center justify-center font-sans text-sm text-subtle">Run the workflow to see its logs here.</p>
            ) : (
              lines.map((line, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines only ever append (or clear), so the index is stable.
                  key={index}
                  className={`-mx-3 flex gap-2 px-3 ${line.level === 'error' ? 'bg-danger/5' : line.level === 'warn' ? 'bg-warn/5' : ''}`}
                  data-testid="log-line"
                  data-level={line.level ?? 'info'}
                >
                  <span className="shrink-0 text-subtle tabular-nums">{formatLogTime(line.time)}</span>
                  <span className={`min-w-0 flex-1 break-words whitespace-pre-wrap ${levelText[line.level ?? 'info']}`}>{line.text}</span>
                </div>
              ))
            )}
          </div>
          {behind && (
            <button
              type="button"
              onClick={jump}
              className="absolute right-4 bottom-3 inline-flex h-7 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-xs font-medium text-ink shadow-md hover:bg-surface-2"
            >
              <ArrowDownIcon size={12} />
              Jump to latest
            </button>
          )}
        </div>
      )}
    </section>
  );
}
