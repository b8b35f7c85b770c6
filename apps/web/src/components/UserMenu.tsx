import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import type { User } from '../lib/types';
import { useAuthStore } from '../stores/auth.store';
import { toast } from '../stores/toast.store';
import { Avatar } from './ui/Avatar';
import { ChevronDownIcon, type IconProps, LayoutIcon, LogOutIcon, SettingsIcon, WorkflowIcon } from './ui/icons';
import { MenuButton } from './ui/MenuButton';
import { menuItemClasses, useMenu } from './ui/useMenu';

const LINKS: { to: string; label: string; Icon: ComponentType<IconProps> }[] = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutIcon },
  { to: '/editor', label: 'Editor', Icon: WorkflowIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
];

/** The signed-in user's avatar button and its menu: who they are, where to go, Sign out. */
export function UserMenu({ user }: { user: User }) {
  const menu = useMenu();
  const signOut = useAuthStore((s) => s.signOut);
  const navigate = useNavigate();

  const onSignOut = async () => {
    menu.close(false);
    try {
      await signOut();
    } catch {
      // The local session is cleared even when the server is unreachable.
      toast.warning('Signed out on this device; the server could not be reached to end the session.');
    }
    navigate('/login');
  };

  return (
    <MenuButton
      menu={menu}
      button={{
        'aria-label': 'Account menu',
        className: 'flex items-center gap-1 rounded-full p-0.5 text-muted transition-colors hover:text-ink sm:pr-1.5',
      }}
      trigger={
        <>
          <Avatar displayName={user.displayName} email={user.email} />
          <ChevronDownIcon size={14} className={`hidden transition-transform sm:block ${menu.open ? 'rotate-180' : ''}`} />
        </>
      }
      panelClassName="w-64"
    >
      <div className="flex items-center gap-3 px-2.5 pt-1.5 pb-2.5">
        <Avatar displayName={user.displayName} email={user.email} size="md" />
        <div className="min-w-0">
          {user.displayName && <p className="truncate text-sm font-medium text-ink">{user.displayName}</p>}
          <p className={`truncate text-sm ${user.displayName ? 'text-muted' : 'font-medium text-ink'}`}>{user.email}</p>
        </div>
      </div>
      <hr className="-mx-1.5 my-1 border-line" />
      {LINKS.map(({ to, label, Icon }) => (
        <Link key={to} to={to} role="menuitem" className={menuItemClasses} onClick={() => menu.close(false)}>
          <Icon size={16} className="text-subtle" />
          {label}
        </Link>
      ))}
      <hr className="-mx-1.5 my-1 border-line" />
      <button type="button" role="menuitem" className={menuItemClasses} onClick={onSignOut}>
        <LogOutIcon size={16} className="text-subtle" />
        Sign out
      </button>
    </MenuButton>
  );
}
