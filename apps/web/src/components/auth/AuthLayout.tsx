import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, SparklesIcon } from '../ui/icons';

/** The centred column shared by the sign-in and reset-password pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex flex-1 justify-center overflow-hidden px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-linear-to-b from-brand-soft/70 to-transparent dark:from-brand-soft/40"
      />
      <div className="relative w-full max-w-[400px]">
        <Link to="/" className="inline-flex items-center gap-1.5 rounded-md text-sm text-muted transition-colors hover:text-ink">
          <ArrowLeftIcon size={14} />
          Back to home
        </Link>
        <p className="mt-6 flex items-center gap-2 rounded-lg border border-brand/20 bg-brand-soft px-3 py-2 text-xs font-medium text-brand">
          <SparklesIcon size={14} className="shrink-0" />
          Free preview — all features unlocked, payment coming later
        </p>
        <div className="mt-4 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8 dark:shadow-black/30">{children}</div>
      </div>
    </div>
  );
}

/** Title and subtitle at the top of an auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      <p className="mt-1.5 text-sm text-muted">{subtitle}</p>
    </div>
  );
}
