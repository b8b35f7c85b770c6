/** A spinning ring; `decorative` when something else already says what is loading. */
export function Spinner({ size = 20, label, decorative = false }: { size?: number; label?: string; decorative?: boolean }) {
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label ?? 'Loading' };
  return (
    <span {...a11y} className="inline-flex items-center">
      <svg width={size} height={size} viewBox="0 0 24 24" className="animate-spin" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** Full-area loading state, e.g. while the session resolves. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted">
      <Spinner size={28} />
      <span className="text-sm">{label}…</span>
    </div>
  );
}
