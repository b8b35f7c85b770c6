import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  id: string;
  title: string;
  description: string;
  /** Red border and title, for the danger zone. */
  danger?: boolean;
  children: ReactNode;
}

/** One card of the settings page; `id` is the target of its link in the section nav. */
export function SettingsSection({ id, title, description, danger = false, children }: SettingsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-24 rounded-xl border bg-surface shadow-xs ${danger ? 'border-danger/40' : 'border-line'}`}
    >
      <div className="border-b border-line px-5 py-4 sm:px-6">
        <h2 id={`${id}-title`} className={`text-base font-semibold ${danger ? 'text-danger' : 'text-ink'}`}>
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{description}</p>
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

/** The row under a settings form holding its submit button. */
export function SettingsActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex items-center justify-end gap-3 border-t border-line pt-4">{children}</div>;
}
