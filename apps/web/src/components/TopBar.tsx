import { Link, NavLink } from 'react-router';
import { track } from '../lib/analytics';
import { useAuthStore } from '../stores/auth.store';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { NAV_LINKS } from './nav-links';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { buttonClasses } from './ui/Button';
import { Skeleton } from './ui/Skeleton';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${isActive ? 'bg-surface-2 text-ink' : 'text-muted hover:text-ink'}`;

/** The bar on every page: logo, Gallery, Docs, theme toggle, then Get Started or the user menu. */
export function TopBar() {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur-md supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-5 sm:gap-6 sm:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user && <WorkspaceSwitcher />}
          <ThemeToggle />
          <MobileNav />
          {status === 'loading' ? (
            <Skeleton className="size-8 rounded-full" />
          ) : user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/login" onClick={() => track('get_started_click', { location: 'top_bar' })} className={buttonClasses('primary', 'sm', 'ml-1')}>
              Get Started
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
