import type { ReactNode } from 'react';
import { useCopyToClipboard } from '../hooks/useCopyToClipboard';

/** A top-level docs section: an h2 with a hover anchor, and prose below. */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="scroll-mt-24" id={id}>
      <h2 id={`${id}-title`} className="group text-2xl font-semibold tracking-tight text-ink">
        <a href={`#${id}`} className="hover:text-brand">
          {title}
          <span className="ml-2 text-subtle opacity-0 transition group-hover:opacity-100" aria-hidden="true">
            #
          </span>
        </a>
      </h2>
      <div className="mt-4 space-y-4 text-[15px] leading-7 text-muted [&_strong]:font-semibold [&_strong]:text-ink">{children}</div>
    </section>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[0.85em] text-ink">{children}</code>;
}

/** A shell or code snippet with a copy button. */
export function CodeBlock({ code, label = 'Terminal' }: { code: string; label?: string }) {
  // Clipboard access can be refused; the text stays selectable.
  const { copied, copy } = useCopyToClipboard(1500);
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-[#0f0f17] text-[#e6e6f0] shadow-sm">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-2 text-xs text-white/50">
        <span>{label}</span>
        <button type="button" onClick={() => void copy(code)} className="rounded px-2 py-0.5 font-medium text-white/70 hover:bg-white/10 hover:text-white">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="overflow-x-auto px-4 py-3.5 font-mono text-[13px] leading-6">
        <code>{code}</code>
      </pre>
    </div>
  );
}

export function Callout({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warn' }) {
  const styles = tone === 'warn' ? 'border-warn/30 bg-warn/5' : 'border-brand/25 bg-brand-soft/60';
  return <div className={`rounded-xl border px-4 py-3 text-sm leading-relaxed text-ink ${styles}`}>{children}</div>;
}
