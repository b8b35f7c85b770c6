import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** The accessible name; icon buttons have no visible text. */
  label: string;
  /** Turns red on hover, for destructive actions. */
  danger?: boolean;
  children: ReactNode;
}

/** A square button holding one icon, named by `label` (also its tooltip unless `title` is given). */
export function IconButton({ label, danger = false, title, className = '', type = 'button', children, ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={title ?? label}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 disabled:pointer-events-none disabled:opacity-50 ${
        danger ? 'hover:text-danger' : 'hover:text-ink'
      } ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}
