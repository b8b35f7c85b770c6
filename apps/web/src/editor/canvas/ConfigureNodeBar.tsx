import { NodeToolbar, Position } from '@xyflow/react';
import { SlidersIcon } from '../../components/ui/icons';
import { useEditorStore } from '../store/editor.store';
import { openNodeSettings } from './open-node-settings';

/**
 * A small "Configure" button over the one selected node while its settings are closed:
 * selecting no longer opens them (issue 13), so this is the visible way to ask, beside
 * double-click and Enter. It sits above the card, outside it, so it never hides a port.
 */
export function ConfigureNodeBar() {
  const nodeId = useEditorStore((s) => s.selectedNodeId);
  const open = useEditorStore((s) => [s.rightPanel, s.modalPanel].some((panel) => panel?.kind === 'node' && panel.nodeId === s.selectedNodeId));
  if (!nodeId || open) return null;
  return (
    <NodeToolbar nodeId={nodeId} isVisible position={Position.Top} offset={8}>
      <button
        type="button"
        className="nopan nodrag inline-flex h-7 items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 text-xs font-medium text-ink shadow-[0_4px_12px_-6px_rgb(0_0_0/0.25)] hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:outline-none"
        data-testid="configure-node"
        title="Open this node's settings (Enter, or double-click the node)"
        onClick={() => openNodeSettings(nodeId, { focus: true })}
      >
        <SlidersIcon size={13} />
        Configure
      </button>
    </NodeToolbar>
  );
}
