/**
 * Control styles for dense forms: the app's input look (`TextField`), one step denser
 * (h-9), for the editor's config form in its narrow side panel and for the filters and
 * schedule form that share its look.
 */
export const controlBase =
  'w-full rounded-lg border bg-surface text-sm text-ink shadow-xs placeholder:text-subtle outline-none transition focus:ring-3 focus-visible:outline-none disabled:opacity-60';

export function controlClasses(invalid: boolean, extra = ''): string {
  const tone = invalid ? 'border-danger focus:border-danger focus:ring-danger/20' : 'border-line focus:border-brand focus:ring-brand/20';
  return `${controlBase} ${tone} ${extra}`;
}

/** For a box that wraps a control (textarea with overlay, stepper): the ring follows focus inside. */
export function frameClasses(invalid: boolean, extra = ''): string {
  const tone = invalid
    ? 'border-danger focus-within:border-danger focus-within:ring-danger/20'
    : 'border-line focus-within:border-brand focus-within:ring-brand/20';
  return `rounded-lg border bg-surface shadow-xs transition focus-within:ring-3 ${tone} ${extra}`;
}

/** Small pill buttons under a control (insert chips, Format, Replace). */
export const chipButton =
  'inline-flex h-6 items-center gap-1 rounded-md border border-line bg-surface-2 px-1.5 font-mono text-[11px] text-muted transition-colors hover:border-brand/40 hover:bg-brand-soft hover:text-brand disabled:pointer-events-none disabled:opacity-50';
