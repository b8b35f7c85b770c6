import { useActiveSection } from '../../hooks/useActiveSection';
import { SETTINGS_SECTIONS } from './settings-sections';

const IDS = SETTINGS_SECTIONS.map((s) => s.id);

/** Section links: a sticky column on wide screens, a scrollable row on narrow ones. */
export function SettingsNav() {
  const active = useActiveSection(IDS);
  return (
    <nav aria-label="Settings sections" className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      <ul className="-mx-1 flex gap-1 overflow-x-auto pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:pb-0">
        {SETTINGS_SECTIONS.map(({ id, label, Icon }) => {
          const isActive = active === id;
          return (
            <li key={id} className="shrink-0">
              <a
                href={`#${id}`}
                aria-current={isActive ? 'location' : undefined}
                className={`flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                  isActive ? 'bg-surface-2 text-ink' : 'text-muted hover:bg-surface-2/60 hover:text-ink'
                } ${id === 'danger-zone' && !isActive ? 'lg:text-danger/80' : ''}`}
              >
                <Icon size={16} className={isActive ? 'text-brand' : 'text-subtle'} />
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
