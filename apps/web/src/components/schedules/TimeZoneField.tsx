import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { controlClasses } from '../ui/control-styles';
import { ChevronDownIcon } from '../ui/icons';
import { searchTimeZones, zoneLabel, zoneOffsets } from './time-zones';

interface TimeZoneFieldProps {
  id: string;
  value: string;
  zones: readonly string[];
  onChange(zone: string): void;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The schedule's time zone: a combobox that filters the browser's ~420 zones as one types
 * (a city, a region, "new york", an offset such as "+05:30"), each shown with its offset
 * now. Arrow keys move through the matches, Enter picks, Escape puts the zone back; leaving
 * the field without picking keeps the zone it had. The ARIA 1.2 combobox pattern, with
 * the list in the page (not a native select, which cannot be searched).
 */
export function TimeZoneField({ id, value, zones, onChange, describedBy, invalid = false }: TimeZoneFieldProps) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = query !== null;
  // Offsets for this opening: worked out once, not per keystroke.
  const offsets = useMemo(() => (open ? zoneOffsets(zones, new Date()) : new Map<string, string>()), [open, zones]);
  const matches = useMemo(() => (open ? searchTimeZones(zones, query, (zone) => offsets.get(zone) ?? '') : []), [open, zones, query, offsets]);
  const optionId = (index: number) => `${listId}-${index}`;

  const start = (text: string) => {
    setQuery(text);
    // The whole list opens on the zone it has; a search on its best match.
    const at = text ? 0 : Math.max(0, zones.indexOf(value));
    setActive(at);
    requestAnimationFrame(() => document.getElementById(optionId(at))?.scrollIntoView({ block: 'nearest' }));
  };
  const close = () => setQuery(null);
  const pick = (zone: string | undefined) => {
    if (zone) onChange(zone);
    close();
  };
  const move = (step: number) => {
    if (!open) return start('');
    if (matches.length === 0) return;
    const next = (active + step + matches.length) % matches.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        pick(matches[active]);
        break;
      case 'Escape':
        if (!open) return;
        // Only the list closes: the dialog around stays.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  };

  return (
    <div className="relative">
      <input
        ref={input}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches.length > 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search: a city, a region or +05:30"
        value={open ? query : zoneLabel(value)}
        onChange={(e) => start(e.target.value)}
        onFocus={(e) => e.target.select()}
        onClick={() => {
          if (!open) start('');
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={controlClasses(invalid, 'h-9 pr-8 pl-2.5')}
      />
      <ChevronDownIcon size={15} aria-hidden="true" className="pointer-events-none absolute top-2.5 right-2.5 text-subtle" />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {matches.map((zone, index) => (
            <div
              key={zone}
              id={optionId(index)}
              role="option"
              // The input keeps the focus (aria-activedescendant); the option is only clicked.
              tabIndex={-1}
              aria-selected={index === active}
              // Before the input's blur, so the click picks instead of closing first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(zone);
              }}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-2.5 py-1.5 text-sm ${
                index === active ? 'bg-brand-soft text-ink' : 'text-ink'
              } ${zone === value ? 'font-medium' : ''}`}
            >
              <span className="truncate">{zoneLabel(zone)}</span>
              <span className="shrink-0 text-xs text-muted tabular-nums">{offsets.get(zone)}</span>
            </div>
          ))}
          {matches.length === 0 && <p className="px-2.5 py-2 text-sm text-muted">No time zone matches “{query}”.</p>}
        </div>
      )}
    </div>
  );
}
