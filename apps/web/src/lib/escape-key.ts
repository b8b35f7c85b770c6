import type { KeyboardEvent } from 'react';

/**
 * A keydown handler for a box that Escape closes (an inline form, a floating card). The key
 * stops there, so it does not also close what the box sits in (a dialog, the editor's panel).
 */
export function closeOnEscape(close: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
}
