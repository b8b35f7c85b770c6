import { useConnection } from '@xyflow/react';
import { useRef } from 'react';
import { useEditorStore } from '../store/editor.store';
import { requestBetween } from './connection-request';

/**
 * While a dragged connection hovers a handle the rules refuse, a small note by the
 * pointer says why, before the user lets go (the drop then repeats it as a toast).
 */
export function ConnectionHint() {
  const connection = useConnection();
  const from = connection.inProgress ? connection.fromHandle : null;
  const to = connection.inProgress ? connection.toHandle : null;
  const refused = connection.inProgress && connection.isValid === false;
  const key = refused && from && to ? `${from.nodeId}/${from.id}/${to.nodeId}/${to.id}` : null;
  // Planned once per hovered handle pair; the pointer moves many times over one handle.
  const cache = useRef<{ key: string | null; reason: string | null }>({ key: null, reason: null });
  if (cache.current.key !== key) {
    const request = key && from ? requestBetween(from, to) : null;
    const plan = request ? useEditorStore.getState().planConnect(request) : null;
    cache.current = { key, reason: plan && !plan.ok ? plan.reason : null };
  }
  const { reason } = cache.current;
  if (!reason || !connection.inProgress) return null;
  return (
    <div
      role="status"
      data-testid="connection-hint"
      className="pointer-events-none absolute z-10 max-w-72 rounded-lg border border-danger/40 bg-surface px-3 py-2 text-xs leading-5 text-ink shadow-lg"
      style={{ left: connection.pointer.x + 16, top: connection.pointer.y + 16 }}
    >
      <span className="font-semibold text-danger">Can’t connect. </span>
      {reason}
    </div>
  );
}
