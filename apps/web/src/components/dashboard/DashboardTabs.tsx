import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { CalendarClockIcon, ClockIcon, type IconProps, WorkflowIcon } from '../ui/icons';

const TABS: { to: string; label: string; Icon: ComponentType<IconProps>; testId: string }[] = [
  { to: '/dashboard', label: 'Workflows', Icon: WorkflowIcon, testId: 'workflows-link' },
  { to: '/dashboard/executions', label: 'Executions', Icon: ClockIcon, testId: 'executions-link' },
  { to: '/dashboard/schedules', label: 'Schedules', Icon: CalendarClockIcon, testId: 'schedules-link' },
];

/**
 * The dashboard's views. Links, not ARIA tabs: each view has its own address (so it
 * can be bookmarked, linked to and reloaded), and NavLink marks the shown one
 * `aria-current="page"`.
 */
export function DashboardTabs() {
  return (
    <nav aria-label="Dashboard views" className="mb-6 border-b border-line">
      {/* -mb-px: the active tab's underline sits on the bar's own line instead of under it. */}
      <ul className="-mb-px flex gap-2">
        {TABS.map(({ to, label, Icon, testId }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              data-testid={testId}
              className={({ isActive }) =>
                `group inline-flex items-center gap-2 rounded-t-md border-b-2 px-3 pt-1.5 pb-2.5 text-sm font-medium whitespace-nowrap transition-colors ${
                  isActive ? 'border-brand text-ink' : 'border-transparent text-muted hover:border-subtle/50 hover:text-ink'
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon size={16} className={isActive ? 'text-brand' : 'text-subtle transition-colors group-hover:text-muted'} />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
