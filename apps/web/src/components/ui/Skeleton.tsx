/** A shimmering placeholder block for content that is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-surface-2 ${className}`} />;
}
