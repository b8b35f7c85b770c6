import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  // In the dark theme the tokens are light tints, too pale under white text: darken them.
  primary:
    'bg-brand text-white hover:bg-brand-strong shadow-sm dark:bg-[color-mix(in_oklch,var(--color-brand)_80%,black)] dark:hover:bg-[color-mix(in_oklch,var(--color-brand)_88%,black)]',
  secondary: 'bg-surface text-ink border border-line hover:bg-surface-2 shadow-xs',
  ghost: 'text-muted hover:text-ink hover:bg-surface-2',
  danger: 'bg-danger text-white hover:opacity-90 shadow-sm dark:bg-[color-mix(in_oklch,var(--color-danger)_78%,black)]',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-lg font-medium transition-colors active:translate-y-px disabled:opacity-50 disabled:pointer-events-none ${variants[variant]} ${sizes[size]} ${extra}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'md', loading = false, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner size={14} decorative />}
      {children}
    </button>
  );
}
