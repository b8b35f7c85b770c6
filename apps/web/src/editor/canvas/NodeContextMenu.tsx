import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { menuItemClasses, menuItemShapeClasses, onMenuKey } from '../../components/ui/useMenu';
import { useRunStore } from '../run/run.store';
import { requestRun } from '../run/run-requests';
import { isActive } from '../run/run-view';
import { useEditorStore } from '../store/editor.store';
import { shortcutLabel } from '../useEditorShortcuts';
import { nodeCard } from './node-target';
import { openNodeSettings } from './open-node-settings';

/** Where the menu is open: for which node, at which point of the window. */
export interface NodeMenuAt {
  nodeId: string;
  x: number;
  y: number;
}

const ITEM = '[role="menuitem"]:not([aria-disabled="true"])';
const EDGE_GAP = 8;

/**
 * The menu a right-click on a node opens (or Shift+F10 and the context-menu key on the
 * selected one): what n8n and Langflow users reach for on a node, each also a shortcut or
 * a button elsewhere. Arrow keys, Home and End move, Enter chooses, Escape closes and gives
 * the focus back to the node; a click outside, a scroll of the canvas or Tab closes it.
 */
export function NodeContextMenu({ at, onClose }: { at: NodeMenuAt; onClose(): void }) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: at.x, top: at.y });
  const pinned = useEditorStore((s) => s.nodes.find((n) => n.id === at.nodeId)?.data.pinned !== undefined);
  const running = useRunStore((s) => s.starting || isActive(s.live));

  // Kept inside the window: a click near the right or bottom edge opens it up or left.
  useLayoutEffect(() => {
    const box = menu.current?.getBoundingClientRect();
    if (!box) return;
    setPosition({
      left: Math.max(EDGE_GAP, Math.min(at.x, window.innerWidth - box.width - EDGE_GAP)),
      top: Math.max(EDGE_GAP, Math.min(at.y, window.innerHeight - box.height - EDGE_GAP)),
    });
    menu.current?.querySelector<HTMLElement>(ITEM)?.focus({ preventScroll: true });
  }, [at]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [onClose]);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus) nodeCard(at.nodeId)?.focus({ preventScroll: true });
  };
  const choose =
    (action: () => void, refocus = true) =>
    () => {
      close(refocus);
      action();
    };

  const nodeId = at.nodeId;
  const store = () => useEditorStore.getState();
  // In the body, not the canvas: the canvas's own keys (arrows nudge, Enter opens settings) must not see the menu's.
  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label="Node actions"
      tabIndex={-1}
      onKeyDown={(event) => onMenuKey(event, menu.current, close)}
      onContextMenu={(event) => event.preventDefault()}
      className="fixed z-50 min-w-52 rounded-xl border border-line bg-surface p-1.5 shadow-lg shadow-black/5 dark:shadow-black/40"
      style={position}
      data-testid="node-context-menu"
    >
      <MenuItem label="Open settings" shortcut="Enter" onSelect={choose(() => openNodeSettings(nodeId, { focus: true }), false)} />
      <hr className="-mx-1.5 my-1 border-line" />
      <MenuItem label="Run this node" disabled={running} onSelect={choose(() => requestRun({ kind: 'target', nodeId, mode: 'node' }))} />
      <MenuItem label="Run up to here" disabled={running} onSelect={choose(() => requestRun({ kind: 'target', nodeId, mode: 'up-to' }))} />
      {pinned && <MenuItem label="Unpin output" onSelect={choose(() => store().setNodePin(nodeId, undefined))} />}
      <hr className="-mx-1.5 my-1 border-line" />
      <MenuItem
        label="Duplicate"
        shortcut={shortcutLabel('D')}
        onSelect={choose(() => {
          store().selectNodes([nodeId]);
          store().duplicateSelection();
        }, false)}
      />
      <MenuItem label="Delete" shortcut="Del" danger onSelect={choose(() => store().deleteElements([nodeId], []), false)} />
    </div>,
    document.body,
  );
}

function MenuItem({
  label,
  shortcut,
  disabled = false,
  danger = false,
  onSelect,
}: {
  label: string;
  shortcut?: string;
  disabled?: boolean;
  danger?: boolean;
  onSelect(): void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      aria-disabled={disabled}
      className={`${danger ? `${menuItemShapeClasses} text-danger` : menuItemClasses} justify-between aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
      onClick={() => {
        if (!disabled) onSelect();
      }}
    >
      {label}
      {shortcut && <kbd className="font-sans text-xs text-subtle">{shortcut}</kbd>}
    </button>
  );
}
