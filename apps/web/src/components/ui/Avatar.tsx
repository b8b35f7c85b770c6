import { initialsFor } from '@weft/core';

const sizes = { xs: 'size-6 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const;

/** Initials avatar (SPEC.md section 2): decorative, the surrounding control names the user. */
export function Avatar({
  displayName,
  email,
  size = 'sm',
}: {
  displayName: string | null | undefined;
  email: string | null | undefined;
  size?: keyof typeof sizes;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand to-brand-strong dark:from-[color-mix(in_oklch,var(--color-brand)_82%,black)] dark:to-[color-mix(in_oklch,var(--color-brand)_66%,black)] font-semibold tracking-wide text-white select-none ${sizes[size]}`}
    >
      {initialsFor(displayName, email)}
    </span>
  );
}
