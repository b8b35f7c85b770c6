import type { ReactNode } from 'react';

const TONES = {
  brand: 'bg-brand-soft text-brand',
  danger: 'bg-danger/10 text-danger',
  warn: 'bg-warn/10 text-warn',
} as const;

export interface DialogHeadingProps {
  /** A 20 px icon, shown in a round badge of the tone's colour. */
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: ReactNode;
  /** For the Modal's `labelledBy`. */
  titleId: string;
  description: ReactNode;
  /** For the Modal's `describedBy`. */
  descriptionId: string;
  /** Under the description, in its column (a dialog's buttons). */
  children?: ReactNode;
}

/** A small dialog's top: an icon badge beside its title and what it is about. */
export function DialogHeading({ icon, tone, title, titleId, description, descriptionId, children }: DialogHeadingProps) {
  return (
    <div className="flex gap-4">
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${TONES[tone]}`}>{icon}</span>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          {title}
        </h2>
        <p id={descriptionId} className="mt-1.5 text-sm leading-6 text-muted">
          {description}
        </p>
        {children}
      </div>
    </div>
  );
}
