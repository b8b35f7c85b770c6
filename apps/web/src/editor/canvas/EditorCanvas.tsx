import '@xyflow/react/dist/style.css';
import './canvas.css';
import { ControlButton, Controls, type OnBeforeDelete, type OnMove, ReactFlow } from '@xyflow/react';
import { type DragEvent, type KeyboardEvent, type MouseEvent, useCallback, useMemo, useRef, useState } from 'react';
import { FitViewIcon } from '../../components/ui/icons';
import { useThemeStore } from '../../stores/theme.store';
import { NODE_DRAG_MIME } from '../panels/NodeLibraryItem';
import { useEditorStore } from '../store/editor.store';
import type { EditorEdge, EditorNode } from '../store/types';
import { ConfigureNodeBar } from './ConfigureNodeBar';
import { ConnectionHint } from './ConnectionHint';
import { CustomNode } from './CustomNode';
import { CONNECTION_HIGHLIGHT_CSS } from './connection-highlight-css';
import { CONNECTION_RADIUS, DELETE_KEYS, MAX_ZOOM, MIN_ZOOM, MULTI_SELECTION_KEYS, SELECTION_KEY, SNAP_GRID } from './flow-config';
import { toFlowNode } from './flow-nodes';
import { NodeContextMenu, type NodeMenuAt } from './NodeContextMenu';
import { focusedOrSelectedNode, nodeCard } from './node-target';
import { OverviewMap, OverviewMapToggle } from './OverviewMap';
import { openNodeSettings } from './open-node-settings';
import { TypedEdge } from './TypedEdge';
import { useAddNode } from './useAddNode';
import { useCanvasKeyboard } from './useCanvasKeyboard';
import { useConnectionHandlers } from './useConnectionHandlers';
import { useFitView, useFitViewRequest } from './useFitView';
import { useKeepResultInSight } from './useKeepResultInSight';
import { useKeepSelectionVisible } from './useKeepSelectionVisible';

// Module-level so React Flow never sees new type maps (it warns and re-mounts otherwise).
const NODE_TYPES = { custom: CustomNode };
const EDGE_TYPES = { custom: TypedEdge };
const DEFAULT_EDGE_OPTIONS = { type: 'custom' };

/** React Flow error codes of SPEC.md section 8, logged once each with a readable note. */
const reported = new Set<string>();
function onFlowError(code: string, message: string) {
  const key = `${code}:${message}`;
  if (reported.has(key)) return;
  reported.add(key);
  const notes: Record<string, string> = {
    '003': 'unknown node type',
    '008': 'an edge names a handle its node does not have; the edge is not drawn',
    '009': 'unknown edge marker',
    '011': 'unknown edge type, drawn as a default edge',
  };
  console.warn(`Canvas ${code} (${notes[code] ?? 'React Flow'}): ${message}`);
}

/**
 * The canvas: React Flow in controlled mode over the editor store, with the SPEC.md
 * section 9 constants, typed nodes and edges, drop-from-library, and the keyboard nudge.
 */
export function EditorCanvas() {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const storeNodes = useEditorStore((s) => s.nodes);
  const definitions = useEditorStore((s) => s.definitionsByType);
  const nodes = useMemo(() => storeNodes.map((n) => toFlowNode(n, definitions.get(n.data.type))), [storeNodes, definitions]);
  const edges = useEditorStore((s) => s.edges);
  const onNodesChange = useEditorStore((s) => s.onNodesChange);
  const onEdgesChange = useEditorStore((s) => s.onEdgesChange);
  const theme = useThemeStore((s) => s.theme);
  const connection = useConnectionHandlers(wrapperRef);
  const addNode = useAddNode();
  useCanvasKeyboard(wrapperRef);
  useFitViewRequest();
  useKeepSelectionVisible();
  useKeepResultInSight();
  const fitView = useFitView();

  // Deleting through the store makes nodes and their edges one undo step; React Flow
  // would otherwise send them as two separate change batches.
  const onBeforeDelete = useCallback<OnBeforeDelete<EditorNode, EditorEdge>>(async ({ nodes: gone, edges: goneEdges }) => {
    useEditorStore.getState().deleteElements(
      gone.map((n) => n.id),
      goneEdges.map((e) => e.id),
    );
    return false;
  }, []);

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(NODE_DRAG_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(NODE_DRAG_MIME);
      if (!type) return;
      event.preventDefault();
      addNode(type, { x: event.clientX, y: event.clientY });
    },
    [addNode],
  );

  // Settings open when asked for (issue 13): a double-click, Enter or "Configure".
  const onNodeDoubleClick = useCallback((_: unknown, node: EditorNode) => openNodeSettings(node.id), []);

  // Right-click on a node, or Shift+F10 / the context-menu key on the focused or selected one.
  const [menuAt, setMenuAt] = useState<NodeMenuAt | null>(null);
  const closeMenu = useCallback(() => setMenuAt(null), []);
  const onNodeContextMenu = useCallback((event: MouseEvent, node: EditorNode) => {
    event.preventDefault();
    if (!node.selected) useEditorStore.getState().selectNodes([node.id]);
    setMenuAt({ nodeId: node.id, x: event.clientX, y: event.clientY });
  }, []);
  const onCanvasKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
    const nodeId = focusedOrSelectedNode(document.activeElement);
    const card = nodeId ? nodeCard(nodeId) : null;
    if (!nodeId || !card) return;
    event.preventDefault();
    const box = card.getBoundingClientRect();
    setMenuAt({ nodeId, x: box.left + 12, y: box.bottom + 4 });
  }, []);

  // The overview map shows while the user pans or zooms, even over nodes (OverviewMap.tsx);
  // a move without an event is the editor's own (fit, reveal) and does not count.
  const onMoveStart = useCallback<OnMove>(
    (event) => {
      closeMenu();
      if (event) useEditorStore.getState().setViewMoving(true);
    },
    [closeMenu],
  );
  const onMoveEnd = useCallback<OnMove>(() => useEditorStore.getState().setViewMoving(false), []);
  const leaveFitted = useCallback(() => useEditorStore.getState().setViewFitted(false), []);

  const onPaneClick = useCallback(() => {
    // Focus the canvas so arrow keys and shortcuts act on it after a click on empty space.
    wrapperRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the canvas is focusable (tabIndex) and its nodes are the interactive parts; this only adds the context-menu key.
    <div ref={wrapperRef} className="weft-canvas relative h-full w-full outline-none" data-testid="editor-canvas" tabIndex={-1} onKeyDown={onCanvasKeyDown}>
      <style>{CONNECTION_HIGHLIGHT_CSS}</style>
      <ReactFlow<EditorNode, EditorEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onBeforeDelete={onBeforeDelete}
        onConnect={connection.onConnect}
        onConnectStart={connection.onConnectStart}
        onConnectEnd={connection.onConnectEnd}
        isValidConnection={connection.isValidConnection}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onPaneClick={onPaneClick}
        onNodeDoubleClick={onNodeDoubleClick}
        onNodeContextMenu={onNodeContextMenu}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        onError={onFlowError}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        snapToGrid
        snapGrid={SNAP_GRID}
        connectionRadius={CONNECTION_RADIUS}
        deleteKeyCode={DELETE_KEYS}
        selectionKeyCode={SELECTION_KEY}
        multiSelectionKeyCode={MULTI_SELECTION_KEYS}
        colorMode={theme}
        zoomOnDoubleClick={false}
        // Off-screen nodes are not rendered at all; flow-nodes.ts gives them a size and
        // handles up front, so their edges still draw and nothing is rendered twice.
        onlyRenderVisibleElements
      >
        <Controls showInteractive={false} showFitView={false} position="bottom-left" onZoomIn={leaveFitted} onZoomOut={leaveFitted}>
          <ControlButton onClick={() => fitView(250)} title="Fit view" aria-label="Fit view">
            <FitViewIcon />
          </ControlButton>
          <OverviewMapToggle />
        </Controls>
        <OverviewMap />
        <ConfigureNodeBar />
        <ConnectionHint />
      </ReactFlow>
      {menuAt && <NodeContextMenu at={menuAt} onClose={closeMenu} />}
    </div>
  );
}
