import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"])';

/**
 * A menu's keys (WAI-ARIA APG): arrow keys, Home and End move between its enabled items,
 * Escape closes it (`close(true)`: the focus goes back where the menu came from), Tab closes
 * it and lets the focus move on (`close(false)`). Shared by the menu buttons and the canvas's
 * node menu.
 */
export function onMenuKey(event: KeyboardEvent, menu: HTMLElement | null, close: (returnFocus: boolean) => void): void {
  const list = Array.from(menu?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const index = list.indexOf(document.activeElement as HTMLElement);
  const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
  const moves: Record<string, () => void> = {
    ArrowDown: () => focusAt(index + 1),
    ArrowUp: () => focusAt(index - 1),
    Home: () => focusAt(0),
    End: () => focusAt(list.length - 1),
    Escape: () => close(true),
  };
  if (event.key === 'Tab') {
    close(false);
    return;
  }
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  move();
}

/**
 * Menu-button behaviour (WAI-ARIA APG): opens on click, Enter, Space or ArrowDown;
 * arrow keys, Home and End move between items; Escape closes and returns focus to the
 * button; Tab, an outside click or choosing an item closes it.
 */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = useCallback(() => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []), []);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Focus the first item once the menu is on screen.
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open, items]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => onMenuKey(event, menuRef.current, close);

  return {
    open,
    close,
    buttonProps: {
      ref: buttonRef,
      id: buttonId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((o) => !o),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu' as const,
      'aria-labelledby': buttonId,
      onKeyDown: onMenuKeyDown,
    },
  };
}

/** What `useMenu` gives a menu button (`MenuButton` takes it whole). */
export type Menu = ReturnType<typeof useMenu>;

/**
 * A dropdown menu item's shape without its text colour, for items that have their own:
 * a colour class added after `text-ink` does not win (same specificity, and the
 * stylesheet's order decides, not the class attribute's).
 */
export const menuItemShapeClasses =
  'flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm outline-none transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none';

/** Classes shared by every item of a dropdown menu. */
export const menuItemClasses = `${menuItemShapeClasses} text-ink`;

/** Classes for the floating panel of a dropdown menu. */
export const menuPanelClasses =
  'absolute right-0 z-40 mt-2 min-w-56 origin-top-right rounded-xl border border-line bg-surface p-1.5 shadow-lg shadow-black/5 transition duration-150 ease-out starting:scale-95 starting:opacity-0 dark:shadow-black/40';
