import type { NodeRunState } from '@weft/core';
import { PinIcon } from '../../components/ui/icons';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';

/**
 * "Pin this output" in the inspector: fixes what the node gave in the run on screen as its
 * pinned output, so the next manual runs feed that on instead of calling it; "Unpin" when
 * it is pinned. A value the run kept only a preview of (over 64 KB) cannot be pinned.
 */
export function PinButton({ nodeId, state, hasOutputs }: { nodeId: string; state: NodeRunState; hasOutputs: boolean }) {
  const onCanvas = useEditorStore((s) => s.nodes.some((n) => n.id === nodeId));
  const pinned = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data.pinned !== undefined);
  if (!onCanvas || !hasOutputs) return null;
  const classes = 'ml-auto inline-flex h-6 items-center gap-1 rounded-md px-2 text-[11px] font-medium transition-colors';
  if (pinned) {
    return (
      <button
        type="button"
        className={`${classes} bg-brand-soft text-brand hover:bg-brand-soft/70`}
        onClick={() => {
          useEditorStore.getState().setNodePin(nodeId, undefined);
          toast.info('Unpinned. Save the workflow to keep it so.');
        }}
        data-testid="inspector-unpin"
      >
        <PinIcon size={12} /> Unpin
      </button>
    );
  }
  const outputs = state.outputs;
  if (state.status !== 'success' || !outputs || Object.keys(outputs).length === 0) return null;
  const pin = () => {
    const cut = Object.values(outputs).some((value) => typeof value === 'object' && value !== null && (value as { $truncated?: unknown }).$truncated === true);
    if (cut)
      return toast.error(
        'This output was over 64 KB and the run kept only a preview of it, so it cannot be pinned. Type the data in the node settings instead.',
      );
    useEditorStore.getState().setNodePin(nodeId, { ...outputs });
    toast.success('Pinned. Manual runs now use this output instead of calling the node; save to keep it.');
  };
  return (
    <button type="button" className={`${classes} border border-line text-ink hover:bg-surface-2`} onClick={pin} data-testid="inspector-pin">
      <PinIcon size={12} /> Pin this output
    </button>
  );
}
