import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useRunNodeStatus } from '../run/useRunNodeStatus';
import { useEditorStore } from '../store/editor.store';
import type { EditorNode } from '../store/types';
import { NodeCard } from './NodeCard';
import { UnknownNode } from './UnknownNode';

/**
 * The one React Flow node type (`custom`, SPEC.md section 3). It subscribes to its own
 * definition only, so a change elsewhere in the store re-renders no node.
 */
export const CustomNode = memo(function CustomNode({ id, data, selected }: NodeProps<EditorNode>) {
  const definition = useEditorStore((s) => s.definitionsByType.get(data.type));
  const runStatus = useRunNodeStatus(id);
  if (!definition) return <UnknownNode id={id} data={data} selected={!!selected} />;
  return <NodeCard nodeId={id} data={data} definition={definition} selected={!!selected} status={runStatus} />;
});
