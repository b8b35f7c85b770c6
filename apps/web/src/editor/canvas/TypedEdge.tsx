import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { memo } from 'react';
import { CloseIcon } from '../../components/ui/icons';
import { dataTypeSwatch } from '../../lib/palette';
import { useEditorStore } from '../store/editor.store';
import type { EditorEdge } from '../store/types';

/**
 * An edge in the colour of the data type it carries (SPEC.md section 3, `data.type`).
 * Selected, it shows a remove button at its midpoint; only then, so a thousand edges do
 * not each mount a label.
 */
export const TypedEdge = memo(function TypedEdge(props: EdgeProps<EditorEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected } = props;
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  const type = data?.type ?? 'any';
  return (
    <>
      <BaseEdge id={id} path={path} className="weft-edge-path" data-type={type} style={{ stroke: dataTypeSwatch(type).hex }} />
      {selected && <RemoveEdgeButton id={id} x={labelX} y={labelY} />}
    </>
  );
});

function RemoveEdgeButton({ id, x, y }: { id: string; x: number; y: number }) {
  const deleteElements = useEditorStore((s) => s.deleteElements);
  return (
    <EdgeLabelRenderer>
      <button
        type="button"
        aria-label="Remove connection"
        title="Remove connection"
        onClick={() => deleteElements([], [id])}
        className="nodrag nopan pointer-events-auto absolute flex size-6 items-center justify-center rounded-full border border-line bg-surface text-muted shadow-md transition-colors hover:border-danger hover:text-danger"
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
      >
        <CloseIcon size={12} />
      </button>
    </EdgeLabelRenderer>
  );
}
