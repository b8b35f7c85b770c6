import type { DataType } from '@weft/core';
import { useCallback } from 'react';
import { CanvasEmptyState } from './CanvasEmptyState';
import { EditorCanvas } from './canvas/EditorCanvas';
import { useAddNode } from './canvas/useAddNode';
import { ChatPanel } from './chat/ChatPanel';
import { ConflictDialog } from './io/ConflictDialog';
import { useSaveWorkflow } from './io/useSaveWorkflow';
import { EditorModalPanel, EditorRightPanel } from './PanelContentView';
import { NodeLibraryPanel } from './panels/NodeLibraryPanel';
import { TypeLegend } from './panels/TypeLegend';
import { ApprovalBar } from './run/ApprovalBar';
import { RunBanner } from './run/RunBanner';
import { RunControls } from './run/RunControls';
import { RunDrawer } from './run/RunDrawer';
import { RunInputsDialog } from './run/RunInputsDialog';
import { useExecutionParam } from './run/useExecutionParam';
import { useRunController } from './run/useRunController';
import { SetupChecklist } from './setup/SetupChecklist';
import { useEditorStore } from './store/editor.store';
import { EditorToolbar } from './toolbar/EditorToolbar';
import { EditorTutorial } from './tutorial/EditorTutorial';
import { useEditorShortcuts } from './useEditorShortcuts';
import type { UseNodeDefinitionsResult } from './useNodeDefinitions';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/**
 * The type legend, folded until asked for (issue 22); alone in subscribing to the dragged
 * type, so a drag re-renders only it.
 */
function CanvasLegend({ types }: { types: readonly DataType[] }) {
  const highlighted = useEditorStore((s) => s.highlightedDataType);
  return (
    <div className="weft-legend-slot pointer-events-auto absolute top-3 left-3 z-10">
      <TypeLegend highlighted={highlighted} types={types} defaultCollapsed />
    </div>
  );
}

interface EditorLayoutProps {
  catalogue: UseNodeDefinitionsResult;
  /** Fetches the stored workflow again, discarding local edits (the conflict "Reload"). */
  onReload(): void;
}

/**
 * The editor screen (SPEC.md section 3, "UI panel state"): toolbar on top; node library
 * on the left; the canvas with the type legend in the middle; the right panel (node
 * config or global parameters) on the right; the logs drawer under the canvas. Must be
 * inside a ReactFlowProvider, which the toolbar and library share with the canvas.
 */
export function EditorLayout({ catalogue, onReload }: EditorLayoutProps) {
  const { save, saving, conflict, dismissConflict, saveAsCopy } = useSaveWorkflow();
  const libraryCollapsed = useEditorStore((s) => s.libraryCollapsed);
  const setLibraryCollapsed = useEditorStore((s) => s.setLibraryCollapsed);
  const addNode = useAddNode();
  const onAdd = useCallback((type: string) => void addNode(type), [addNode]);
  const saveNow = useCallback(() => void save(), [save]);
  useEditorShortcuts({ save: saveNow });
  const runner = useRunController(save);
  useExecutionParam(runner.openExecution);
  useUnsavedChangesGuard();

  const reload = () => {
    dismissConflict();
    onReload();
  };

  return (
    <div className="flex h-[calc(100dvh-3.5rem-1px)] min-h-[28rem] flex-col bg-canvas" data-testid="workflow-editor">
      <EditorToolbar onSave={saveNow} saving={saving} runControls={<RunControls controller={runner} />} />
      <div className="flex min-h-0 flex-1">
        <NodeLibraryPanel
          definitions={catalogue.definitions}
          collapsed={libraryCollapsed}
          onToggleCollapsed={() => setLibraryCollapsed(!libraryCollapsed)}
          onAdd={onAdd}
          isLoading={catalogue.isLoading}
          error={catalogue.error?.message ?? null}
          onRetry={catalogue.refetch}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <SetupChecklist />
          <RunBanner />
          <ApprovalBar />
          <div className="relative min-h-0 flex-1">
            <EditorCanvas />
            <CanvasEmptyState />
            <CanvasLegend types={catalogue.dataTypes} />
          </div>
          <RunDrawer />
        </div>
        <EditorRightPanel />
        <ChatPanel save={save} />
      </div>
      <EditorModalPanel />
      <EditorTutorial />
      {runner.asking && <RunInputsDialog fields={runner.asking} onSubmit={runner.submitInputs} onCancel={runner.dismissInputs} />}
      {conflict && <ConflictDialog stale={conflict} onReload={reload} onSaveCopy={() => void saveAsCopy()} onCancel={dismissConflict} copying={saving} />}
    </div>
  );
}
