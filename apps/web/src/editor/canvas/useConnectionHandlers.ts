import { type ConnectionRequest, type DataType, inputPorts, outputPorts, portType } from '@weft/core';
import type { Connection, Edge, OnConnect, OnConnectEnd, OnConnectStart } from '@xyflow/react';
import { type RefObject, useCallback, useEffect } from 'react';
import { toast } from '../../stores/toast.store';
import { useEditorStore } from '../store/editor.store';
import { insertionMessage, requestBetween } from './connection-request';

/** The data type of one handle of a node, as its config makes it. */
export function handleDataType(nodeId: string, handleId: string | null, handleType: 'source' | 'target'): DataType | null {
  const s = useEditorStore.getState();
  const node = s.nodes.find((n) => n.id === nodeId);
  const definition = node && s.definitionsByType.get(node.data.type);
  if (!node || !definition) return null;
  const ports = handleType === 'source' ? outputPorts(definition) : inputPorts(definition, node.data.config);
  const port = ports.find((p) => p.id === handleId);
  return port ? portType(port, node.data.config) : null;
}

function asRequest(c: Connection | Edge): ConnectionRequest {
  return { source: c.source, sourceHandle: c.sourceHandle ?? '', target: c.target, targetHandle: c.targetHandle ?? '' };
}

/**
 * Connection behaviour of the canvas. While a drag runs, the wrapper carries the drag
 * direction and the store the dragged type, which together light up the compatible
 * handles (connection-highlight-css.ts). React Flow asks `isValidConnection` for live
 * feedback; a drop on a refused handle toasts the rule's reason; a drop on an accepted
 * one connects through the store, which inserts converters and mergers.
 */
export function useConnectionHandlers(wrapperRef: RefObject<HTMLDivElement | null>) {
  // The highlighted type also comes from elsewhere (the legend), so mirror the store.
  useEffect(
    () =>
      useEditorStore.subscribe((s, prev) => {
        if (s.highlightedDataType === prev.highlightedDataType || !wrapperRef.current) return;
        if (s.highlightedDataType) wrapperRef.current.dataset.highlightType = s.highlightedDataType;
        else delete wrapperRef.current.dataset.highlightType;
      }),
    [wrapperRef],
  );

  const onConnectStart = useCallback<OnConnectStart>(
    (_event, { nodeId, handleId, handleType }) => {
      if (!nodeId || !handleType) return;
      if (wrapperRef.current) wrapperRef.current.dataset.dragFrom = handleType;
      useEditorStore.getState().setHighlightedDataType(handleDataType(nodeId, handleId, handleType));
    },
    [wrapperRef],
  );

  const onConnectEnd = useCallback<OnConnectEnd>(
    (_event, state) => {
      if (wrapperRef.current) delete wrapperRef.current.dataset.dragFrom;
      useEditorStore.getState().setHighlightedDataType(null);
      if (state.isValid !== false || !state.fromHandle) return;
      const request = requestBetween(state.fromHandle, state.toHandle);
      if (!request) return;
      const plan = useEditorStore.getState().planConnect(request);
      if (!plan.ok) toast.warning(plan.reason);
    },
    [wrapperRef],
  );

  const onConnect = useCallback<OnConnect>((connection) => {
    const result = useEditorStore.getState().connect(asRequest(connection));
    if (!result.ok) {
      toast.warning(result.reason);
      return;
    }
    const message = insertionMessage(result.inserted);
    if (message) toast.info(message);
  }, []);

  const isValidConnection = useCallback((c: Connection | Edge) => useEditorStore.getState().planConnect(asRequest(c)).ok, []);

  return { onConnectStart, onConnectEnd, onConnect, isValidConnection };
}
