import type { ConnectionPlan, ConnectionRequest, NodeDefinition, RunDataMode, WorkflowDocument } from '@weft/core';
import type { EdgeChange, NodeChange, XYPosition } from '@xyflow/react';
import { type ApiWorkflow, documentOf } from '../../api/workflows';
import type { ClipboardContent } from './clipboard';
import type { History } from './history';
import type { IterateActions } from './iterate-slice';
import type { LabelCounters } from './labels';
import type { DocumentSnapshot, EditorEdge, EditorNode, GlobalParameters, PanelContent, WorkflowSettings } from './types';
import type { UiState } from './ui-state';

/** A workflow as the API returns it (docs/API.md: GET /api/workflows/:id). */
export interface LoadedWorkflow {
  readonly id: string | null;
  readonly version: number | null;
  readonly document: WorkflowDocument;
  /** A document not yet saved (a template): it starts with the unsaved-changes flag up. */
  readonly unsaved?: boolean;
}

/** What the editor loads of a workflow the API returned. */
export function toLoaded(workflow: ApiWorkflow): LoadedWorkflow {
  return { id: workflow.id, version: workflow.version, document: documentOf(workflow) };
}

/** A node the connection rules inserted, for the info toast that names it. */
export interface InsertedNode {
  readonly kind: 'converter' | 'merger';
  readonly nodeId: string;
  readonly label: string;
  /** "documents → text" for a converter; why it is there for a merger. */
  readonly detail: string;
}

export type ConnectResult = { readonly ok: true; readonly inserted: readonly InsertedNode[] } | { readonly ok: false; readonly reason: string };

export interface DocumentState {
  /** Null for a new workflow that has not been saved yet. */
  workflowId: string | null;
  /** The stored version this copy is based on; a save sends it as `baseVersion`. */
  version: number | null;
  /**
   * That version's document as the editor saves it (`asEditedDocument`): a stale save's
   * dialog compares both sides' changes against it. Null before a load.
   */
  baseDocument: WorkflowDocument | null;
  name: string;
  nodes: EditorNode[];
  edges: EditorEdge[];
  globalParameters: GlobalParameters;
  /** Workflow-wide settings (the document's `settings`); empty: the instance defaults. */
  settings: WorkflowSettings;
  /** SPEC.md section 4: true after any change to nodes, edges, name or parameters. */
  hasUnsavedChanges: boolean;
  /** Counts document changes, so a save knows whether edits happened while it ran. */
  revision: number;
  labelCounters: LabelCounters;
  definitions: readonly NodeDefinition[];
  definitionsByType: ReadonlyMap<string, NodeDefinition>;
  history: History;
  /** The document as a drag started; the drag becomes one undo step when it ends. */
  gestureStart: DocumentSnapshot | null;
  clipboard: ClipboardContent | null;
  /** Pastes since the last copy, so repeated pastes step further out. */
  pasteCount: number;
}

export interface DocumentActions {
  setDefinitions(definitions: readonly NodeDefinition[]): void;
  /** Replaces everything with a stored (or new) workflow; history and selection reset. */
  load(workflow: LoadedWorkflow): void;
  /** An empty "Untitled Workflow" (SPEC.md section 3), not yet stored anywhere. */
  clear(): void;
  /**
   * Puts an imported document in place of the open one's contents: one undoable change,
   * kept under the open workflow's id until it is saved.
   */
  replaceDocument(document: WorkflowDocument): void;
  /**
   * Empties the open workflow (SPEC.md section 3: a cleared workflow is "Untitled
   * Workflow"): no nodes, edges or parameters, the label counters reset, its settings and
   * id kept. One undoable change; the stored workflow changes only on save, and its
   * version history keeps what was there.
   */
  clearCanvas(): void;
  /** Back to the initial state (sign-out, leaving the editor). */
  reset(): void;
  /** A save succeeded: the flag clears unless the document changed since `revision`; `document` is what was saved. */
  markSaved(saved: { id: string; version: number }, revision: number, document?: WorkflowDocument): void;
  setName(name: string): void;
  /** Adds or updates a parameter; answers an error message for an invalid key. */
  setGlobalParameter(key: string, value: { value: string; description?: string }, previousKey?: string): string | null;
  removeGlobalParameter(key: string): void;
  /** Replaces the whole map (the parameters panel edits it as a table). */
  setGlobalParameters(parameters: GlobalParameters): void;
  /** How much a successful run keeps; undefined goes back to the instance default. One undo step. */
  setSuccessfulRunData(mode: RunDataMode | undefined): void;
  undo(): void;
  redo(): void;
}

export interface GraphActions {
  /**
   * Places a node of a known type with its default config, selected; null for unknown
   * types. With `wireFrom`, the new node is fed by that node when a pair of their ports
   * has matching types (`wirePorts`): placed and wired in one undo step.
   */
  addNode(type: string, position: XYPosition, options?: { wireFrom?: string }): EditorNode | null;
  /** What connecting would do, without doing it (for live feedback while dragging). */
  planConnect(request: ConnectionRequest): ConnectionPlan;
  /** Connects through the SPEC.md section 4 rules (converter/merger insertion or refusal). */
  connect(request: ConnectionRequest): ConnectResult;
  deleteElements(nodeIds: readonly string[], edgeIds: readonly string[]): void;
  deleteSelection(): void;
  onNodesChange(changes: NodeChange<EditorNode>[]): void;
  onEdgesChange(changes: EdgeChange<EditorEdge>[]): void;
  /** Moves the selected nodes by a vector: one undo step per call. */
  nudgeSelection(dx: number, dy: number): boolean;
  /** Moves many nodes at once (auto-layout): one undo step. */
  setPositions(positions: ReadonlyMap<string, XYPosition>): void;
  /** Merges `patch` into the node's config; a key set to undefined is removed. */
  updateNodeConfig(nodeId: string, patch: Record<string, unknown>): void;
  renameNode(nodeId: string, label: string): void;
  selectNodes(nodeIds: readonly string[]): void;
  copySelection(): number;
  paste(): number;
  duplicateSelection(): number;
}

export interface UiActions {
  openPanel(content: PanelContent): void;
  closeRightPanel(): void;
  closeModalPanel(): void;
  setRightPanelPinned(pinned: boolean): void;
  setLibraryCollapsed(collapsed: boolean): void;
  setLogsExpanded(expanded: boolean): void;
  /** Shows or hides the overview map, remembered for the next visit. */
  setOverviewShown(shown: boolean): void;
  /** The user starts (true) or ends panning or zooming; starting takes the view off the fitted one. */
  setViewMoving(moving: boolean): void;
  setViewFitted(fitted: boolean): void;
  setHighlightedDataType(type: UiState['highlightedDataType']): void;
  requestFitView(): void;
  fitViewDone(): void;
}

export type EditorState = DocumentState & DocumentActions & GraphActions & IterateActions & UiState & UiActions;

export function snapshotOf(state: Pick<DocumentState, 'name' | 'nodes' | 'edges' | 'globalParameters' | 'settings'>): DocumentSnapshot {
  return { name: state.name, nodes: state.nodes, edges: state.edges, globalParameters: state.globalParameters, settings: state.settings };
}
