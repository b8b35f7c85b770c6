import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { type Menu, menuPanelClasses } from './useMenu';

/** The opening button's own attributes; its menu behaviour comes from `useMenu`. */
type TriggerAttributes = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'onKeyDown' | 'children'> & {
  'data-testid'?: string;
};

export interface MenuButtonProps {
  /** The caller's `useMenu()`, so it can also read `open` and call `close` itself. */
  menu: Menu;
  /** What the button shows (an icon, a label). */
  trigger: ReactNode;
  /** The button's name, title and look. */
  button: TriggerAttributes;
  /** The wrapper the panel is placed against. */
  className?: string;
  /** Added to the panel's classes (its width). */
  panelClassName?: string;
  panelTestId?: string;
  /** The items, rendered only while the menu is open. */
  children: ReactNode;
}

/** A button that opens a dropdown menu below it: the frame every menu button of the app shares. */
export function MenuButton({ menu, trigger, button, className = 'relative', panelClassName, panelTestId, children }: MenuButtonProps) {
  return (
    <div className={className}>
      <button {...menu.buttonProps} {...button}>
        {trigger}
      </button>
      {menu.open && (
        <div {...menu.menuProps} className={panelClassName ? `${menuPanelClasses} ${panelClassName}` : menuPanelClasses} data-testid={panelTestId}>
          {children}
        </div>
      )}
    </div>
  );
}
