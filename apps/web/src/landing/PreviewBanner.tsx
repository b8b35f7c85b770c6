import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

/**
 * "Free preview" notice at the top of the landing page (SPEC.md sections 1 and 2). It
 * folds into a small pill and opens again; the choice survives reloads.
 */
export function PreviewBanner() {
  const [minimised, setMinimised] = useState(() => readStorage(STORAGE_KEYS.previewBannerMinimised) === 'true');

  const change = (next: boolean) => {
    writeStorage(STORAGE_KEYS.previewBannerMinimised, next ? 'true' : 'false');
    setMinimised(next);
  };

  if (minimised) {
    return (
      <div className="flex justify-center px-5 pt-4">
        <button
          type="button"
          onClick={() => change(false)}
          aria-expanded="false"
          aria-label="Free preview: show details"
          className="inline-flex items-center gap-2 rounded-full border border-brand/25 bg-brand-soft px-3 py-1 text-xs font-medium text-brand-strong transition hover:border-brand/50"
        >
          <span className="relative flex h-2 w-2" aria-hidden="true">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-brand opacity-60 motion-reduce:animate-none" />
            <span className="relative inline-flex h-2 w-2 rounded-full bg-brand" />
          </span>
          Free preview
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </div>
    );
  }

  return (
    <section id="preview-banner" aria-label="Free preview" className="border-b border-brand/15 bg-brand-soft">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-5 py-2.5 sm:px-8">
        <span className="hidden shrink-0 rounded-full bg-brand px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase sm:inline">
          Preview
        </span>
        <p className="flex-1 text-sm text-ink">
          <strong className="font-semibold">Free preview:</strong> all features unlocked, payment coming later
        </p>
        <button
          type="button"
          onClick={() => change(true)}
          aria-expanded="true"
          aria-controls="preview-banner"
          aria-label="Minimise preview banner"
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-strong transition hover:bg-brand/10"
        >
          Minimise
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <path d="M18 15l-6-6-6 6" />
          </svg>
        </button>
      </div>
    </section>
  );
}
