import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { track } from '../lib/analytics';

interface TrackedLinkProps {
  to: string;
  /** cta_click's `name`, e.g. `hero_get_started`. */
  name: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** An in-app link that reports cta_click {name, destination} (consent permitting). */
export function TrackedLink({ to, name, className, children, ...rest }: TrackedLinkProps) {
  return (
    <Link to={to} className={className} onClick={() => track('cta_click', { name, destination: to })} {...rest}>
      {children}
    </Link>
  );
}
