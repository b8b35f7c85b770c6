import { Link } from 'react-router';

/** The Weft mark (same drawing as the favicon). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path d="M7 10l4.5 12L16 12l4.5 10L25 10" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark and word mark, linking home. */
export function Logo() {
  return (
    <Link to="/" aria-label="Weft home" className="-mx-1 flex items-center gap-2 rounded-lg px-1 py-1 text-ink">
      <LogoMark />
      <span className="text-[15px] font-semibold tracking-tight">Weft</span>
    </Link>
  );
}
