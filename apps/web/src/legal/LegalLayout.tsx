import { type ReactNode, useMemo } from 'react';
import { DocsToc } from '../docs/DocsToc';
import { useActiveSection } from '../hooks/useActiveSection';
import { Footer } from '../landing/Footer';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { useScrollToHash } from '../landing/useScrollToHash';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalLayoutProps {
  title: string;
  /** Shown as "Last updated"; also the date the text takes effect. */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Shared layout of the privacy policy and the terms: title, date, contents, numbered sections. */
export function LegalLayout({ title, updated, intro, sections }: LegalLayoutProps) {
  useDocumentTitle(`${title} · Weft`);
  useScrollToHash();
  const ids = useMemo(() => sections.map((s) => s.id), [sections]);
  const active = useActiveSection(ids);
  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto w-full max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
          <p className="text-sm font-semibold text-brand">Legal</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-ink sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm text-muted">
            Last updated:{' '}
            <time dateTime={updated}>
              {new Date(`${updated}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}
            </time>
          </p>
        </div>
      </header>
      <div className="mx-auto w-full max-w-6xl px-5 py-10 sm:px-8 lg:grid lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-14 lg:py-14">
        <aside className="hidden lg:block">
          <div className="sticky top-20">
            <DocsToc entries={sections.map((s, i) => ({ id: s.id, label: `${i + 1}. ${s.title}`, depth: 0 }))} active={active} label="Contents" />
          </div>
        </aside>
        <article className="max-w-3xl min-w-0">
          <div className="rounded-xl border border-line bg-surface p-5 text-[15px] leading-7 text-ink">{intro}</div>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-12 scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-ink">
                <span className="mr-2 text-subtle">{i + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-[15px] leading-7 text-muted [&_a]:font-medium [&_a]:text-brand hover:[&_a]:underline [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          ))}
        </article>
      </div>
      <Footer />
    </div>
  );
}
