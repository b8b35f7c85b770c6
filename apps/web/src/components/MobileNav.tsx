import { Link } from 'react-router';
import { NAV_LINKS } from './nav-links';
import { MenuIcon } from './ui/icons';
import { menuItemClasses, menuPanelClasses, useMenu } from './ui/useMenu';

/** Gallery and Docs behind one button on narrow screens, where the top bar has no room. */
export function MobileNav() {
  const { open, close, buttonProps, menuProps } = useMenu();
  return (
    <div className="relative sm:hidden">
      <button
        {...buttonProps}
        aria-label="Open navigation"
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <MenuIcon size={18} />
      </button>
      {open && (
        <div {...menuProps} className={`${menuPanelClasses} min-w-44`}>
          {NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} role="menuitem" className={menuItemClasses} onClick={() => close(false)}>
              {link.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
