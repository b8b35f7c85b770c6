import { Handle, Position } from '@xyflow/react';
import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AlertTriangleIcon } from '../../components/ui/icons';
import { useEditorStore } from '../store/editor.store';
import type { EditorNodeData } from '../store/types';

/**
 * A node whose type this server does not know (SPEC.md section 8, canvas code 003):
 * shown as a red card rather than a blank, kept in the document as it is, and given
 * the handles its edges use so those edges still draw.
 */
export const UnknownNode = memo(function UnknownNode({ id, data, selected }: { id: string; data: EditorNodeData; selected: boolean }) {
  // Only unknown nodes watch the edges; known nodes get their handles from the definition.
  const handles = useEditorStore(
    useShallow((s) => {
      const ins = new Set<string>();
      const outs = new Set<string>();
      for (const e of s.edges) {
        if (e.target === id) ins.add(e.targetHandle);
        if (e.source === id) outs.add(e.sourceHandle);
      }
      return [...[...ins].map((h) => `in:${h}`), ...[...outs].map((h) => `out:${h}`)];
    }),
  );
  return (
    <div
      role="alert"
      className={`weft-node-card w-60 rounded-xl border-2 border-dashed bg-danger/5 px-3 py-2.5 text-left ${selected ? 'border-danger ring-2 ring-danger/30' : 'border-danger/60'}`}
      data-testid="unknown-node"
      data-label={data.label}
    >
      <div className="flex items-center gap-2 text-danger">
        <AlertTriangleIcon size={16} className="shrink-0" />
        <span className="truncate text-[13px] font-semibold">{data.label}</span>
      </div>
      <p className="mt-1.5 text-xs leading-5 text-ink">
        Unknown node type <code className="rounded bg-danger/10 px-1 font-mono text-[11px] text-danger">{data.type}</code>
      </p>
      <p className="mt-0.5 text-[11px] leading-4 text-muted">
        This server has no such node (canvas code 003). It is kept as it is; delete it or install the node type.
      </p>
      {handles.map((h, i) => {
        const isInput = h.startsWith('in:');
        const handleId = h.slice(isInput ? 3 : 4);
        return (
          <Handle
            key={h}
            id={handleId}
            type={isInput ? 'target' : 'source'}
            position={isInput ? Position.Left : Position.Right}
            isConnectable={false}
            className="weft-handle"
            style={{ top: 24 + i * 14, backgroundColor: 'var(--color-danger)' }}
          />
        );
      })}
    </div>
  );
});
