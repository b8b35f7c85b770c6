import { Link } from 'react-router';
import { NAV_LINKS } from './nav-links';
import { MenuIcon } from './ui/icons';
import { MenuButton } from './ui/MenuButton';
import { menuItemClasses, useMenu } from './ui/useMenu';

/** Gallery and Docs behind one button on narrow screens, where the top bar has no room. */
export function MobileNav() {
  const menu = useMenu();
  return (
    <MenuButton
      menu={menu}
      className="relative sm:hidden"
      button={{
        'aria-label': 'Open navigation',
        className: 'inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-ink',
      }}
      trigger={<MenuIcon size={18} />}
      panelClassName="min-w-44"
    >
      {NAV_LINKS.map((link) => (
        <Link key={link.to} to={link.to} role="menuitem" className={menuItemClasses} onClick={() => menu.close(false)}>
          {link.label}
        </Link>
      ))}
    </MenuButton>
  );
}
