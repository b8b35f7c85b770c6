import { TOOLS_INPUT } from '@weft/core';
import { useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { NodeIterateSection, NodeRunButtons } from './iterate/NodeIterateSection';
import { AgentToolsSection, AsToolSection } from './panels/AgentToolsSection';
import { ConfigPanel } from './panels/ConfigPanel';
import { GlobalParametersPanel } from './panels/GlobalParametersPanel';
import { ModalPanel } from './panels/ModalPanel';
import { NodeFlowSection } from './panels/NodeFlowSection';
import { RIGHT_PANEL_DEFAULT_WIDTH, RIGHT_PANEL_WIDE_WIDTH, RightPanel } from './panels/RightPanel';
import { useNodeFlows } from './panels/useNodeFlows';
import { useEditorStore } from './store/editor.store';
import type { PanelContent } from './store/types';

/** The keys whose values differ, so each field's edits are their own undo step. */
function changedKeys(before: Readonly<Record<string, unknown>>, after: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after)) if (!Object.is(before[key], after[key])) patch[key] = after[key];
  // Keys the panel dropped (a cleared optional field) go as undefined, which removes them.
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = undefined;
  return patch;
}

/** From this panel width on, the node view shows its data in columns beside the settings (ConfigPanel's 44rem, plus padding). */
const COLUMNS_FROM_WIDTH = 736;
const NO_CONFIG: Readonly<Record<string, unknown>> = {};

interface NodeConfigProps {
  nodeId: string;
  placement: 'right' | 'modal';
  wide?: boolean;
  onToggleWide?(): void;
}

/** A node's config panel, wired to the store. Subscribes to that node's data and wiring only. */
function NodeConfig({ nodeId, placement, wide, onToggleWide }: NodeConfigProps) {
  const data = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data);
  const definition = useEditorStore((s) => (data ? s.definitionsByType.get(data.type) : undefined));
  const flows = useNodeFlows(nodeId, definition, data?.config ?? NO_CONFIG);
  const goTo = useCallback((id: string) => useEditorStore.getState().selectNodes([id]), []);
  const parameters = useEditorStore(useShallow((s) => Object.keys(s.globalParameters)));
  const pinned = useEditorStore((s) => s.rightPanelPinned);
  const onChange = useCallback(
    (config: Record<string, unknown>) => {
      const current = useEditorStore.getState().nodes.find((n) => n.id === nodeId);
      if (!current) return;
      const patch = changedKeys(current.data.config, config);
      if (Object.keys(patch).length) useEditorStore.getState().updateNodeConfig(nodeId, patch);
    },
    [nodeId],
  );
  const onRename = useCallback((label: string) => useEditorStore.getState().renameNode(nodeId, label), [nodeId]);
  const onClose = useCallback(() => {
    const s = useEditorStore.getState();
    if (placement === 'modal') s.closeModalPanel();
    else s.closeRightPanel();
  }, [placement]);
  const onTogglePinned = useCallback(() => {
    const s = useEditorStore.getState();
    s.setRightPanelPinned(!s.rightPanelPinned);
  }, []);
  if (!data) return null;
  return (
    <ConfigPanel
      key={nodeId}
      node={{ id: nodeId, label: data.label, type: data.type, config: data.config }}
      definition={definition}
      parameters={parameters}
      onChange={onChange}
      onRename={onRename}
      onClose={onClose}
      {...(placement === 'right' ? { pinned, onTogglePinned } : {})}
      headerActions={definition && !definition.preview ? <NodeRunButtons nodeId={nodeId} /> : undefined}
      overview={
        definition?.inputs.some((port) => port.id === TOOLS_INPUT.id) ? (
          <AgentToolsSection nodeId={nodeId} />
        ) : definition?.toolUse ? (
          <AsToolSection nodeId={nodeId} definition={definition} />
        ) : undefined
      }
      receives={<NodeFlowSection side="input" flows={flows.receives} note={flows.note} onGoTo={goTo} />}
      gives={<NodeFlowSection side="output" flows={flows.gives} note={flows.note} onGoTo={goTo} />}
      {...(onToggleWide ? { wide, onToggleWide } : {})}
    >
      {definition && !definition.preview && <NodeIterateSection nodeId={nodeId} definition={definition} />}
    </ConfigPanel>
  );
}

function GlobalParameters() {
  const parameters = useEditorStore((s) => s.globalParameters);
  const setGlobalParameters = useEditorStore((s) => s.setGlobalParameters);
  return <GlobalParametersPanel parameters={parameters} onChange={setGlobalParameters} />;
}

function contentTitle(content: PanelContent): string {
  return content.kind === 'globals' ? 'Global parameters' : 'Node settings';
}

/** The right panel (SPEC.md section 3): a node's config or the global parameters. */
export function EditorRightPanel() {
  const content = useEditorStore((s) => s.rightPanel);
  const pinned = useEditorStore((s) => s.rightPanelPinned);
  const setPinned = useEditorStore((s) => s.setRightPanelPinned);
  const close = useEditorStore((s) => s.closeRightPanel);
  // Kept while the panel closes and opens again: the user's width stays theirs.
  const [width, setWidth] = useState(RIGHT_PANEL_DEFAULT_WIDTH);
  if (!content) return null;
  const wide = width >= COLUMNS_FROM_WIDTH;
  const toggleWide = () => setWidth(wide ? RIGHT_PANEL_DEFAULT_WIDTH : RIGHT_PANEL_WIDE_WIDTH);
  return (
    <RightPanel
      title={contentTitle(content)}
      pinned={pinned}
      onTogglePinned={() => setPinned(!pinned)}
      onClose={close}
      headerless={content.kind === 'node'}
      width={width}
      onWidthChange={setWidth}
    >
      {content.kind === 'node' ? <NodeConfig nodeId={content.nodeId} placement="right" wide={wide} onToggleWide={toggleWide} /> : <GlobalParameters />}
    </RightPanel>
  );
}

/** The modal panel: what opens while the right panel is pinned to something else. */
export function EditorModalPanel() {
  const content = useEditorStore((s) => s.modalPanel);
  const close = useEditorStore((s) => s.closeModalPanel);
  if (!content) return null;
  return (
    <ModalPanel title={contentTitle(content)} onClose={close} headerless={content.kind === 'node'}>
      {content.kind === 'node' ? <NodeConfig nodeId={content.nodeId} placement="modal" /> : <GlobalParameters />}
    </ModalPanel>
  );
}
