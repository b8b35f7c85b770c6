import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link under a field to the Settings section that manages what the field picks from (files, secrets). */
export function SettingsLink({ section, children }: { section: string; children: ReactNode }) {
  return (
    <Link to={`/settings#${section}`} className="font-medium text-brand underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
