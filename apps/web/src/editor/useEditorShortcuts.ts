import { useEffect, useRef } from 'react';
import { isTypingTarget } from './canvas/is-typing-target';
import { useEditorStore } from './store/editor.store';

interface ShortcutActions {
  save(): void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "⌘S" on a Mac, "Ctrl+S" elsewhere, for tooltips. */
export function shortcutLabel(key: string, shift = false): string {
  return isMac ? `${shift ? '⇧' : ''}⌘${key}` : `Ctrl+${shift ? 'Shift+' : ''}${key}`;
}

/**
 * Editor keyboard shortcuts: Ctrl/Cmd+S saves (also from inside a field, as in every
 * editor); undo (Z), redo (Shift+Z, Ctrl+Y), copy, paste, duplicate (C, V, D) and select
 * all (A) act on the canvas, and not while typing, where the field keeps its own keys;
 * Escape clears the selection.
 * Delete and Backspace are React Flow's (deleteKeyCode); arrows are useCanvasKeyboard's.
 */
export function useEditorShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !isTypingTarget(event.target) && !document.querySelector('[aria-modal="true"]')) {
        // Escape lets go of the selection (dialogs and fields handle their own Escape first).
        const store = useEditorStore.getState();
        if (store.nodes.some((n) => n.selected) || store.edges.some((e) => e.selected)) store.selectNodes([]);
        return;
      }
      const mod = isMac ? event.metaKey : event.ctrlKey;
      if (!mod || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        latest.current.save();
        return;
      }
      if (isTypingTarget(event.target) || document.querySelector('[aria-modal="true"]')) return;
      const store = useEditorStore.getState();
      if (key === 'z' && !event.shiftKey) store.undo();
      else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey)) store.redo();
      else if (key === 'c' && !event.shiftKey) {
        // Text selected on the page (a docs panel) copies as text, as the user expects.
        if (window.getSelection()?.toString()) return;
        if (store.copySelection() === 0) return;
      } else if (key === 'v' && !event.shiftKey) {
        if (store.paste() === 0) return;
      } else if (key === 'd' && !event.shiftKey) {
        if (store.duplicateSelection() === 0) {
          event.preventDefault();
          return;
        }
      } else if (key === 'a' && !event.shiftKey) store.selectNodes(store.nodes.map((n) => n.id));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
