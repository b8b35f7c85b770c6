import { useEditorStore } from '../store/editor.store';

/** The open node settings in the right panel (ConfigPanel); the modal panel focuses itself. */
const SETTINGS = 'aside section[aria-labelledby^="config-title-"]';
const FIELD = ':is(input:not([type="hidden"]), textarea, select, [contenteditable="true"])';

/**
 * Opens a node's settings: the one way they open now that selecting does not (issue 13).
 * Called by a double-click, Enter on the canvas and the "Configure" button. The node
 * becomes the selection; the panel opens under the pin rule (SPEC.md section 4). With
 * `focus`, the panel's first field takes the focus once drawn (the keyboard path).
 */
export function openNodeSettings(nodeId: string, { focus = false }: { focus?: boolean } = {}): void {
  const store = useEditorStore.getState();
  if (!store.nodes.some((n) => n.id === nodeId)) return;
  if (store.selectedNodeId !== nodeId) store.selectNodes([nodeId]);
  useEditorStore.getState().openPanel({ kind: 'node', nodeId });
  if (!focus) return;
  requestAnimationFrame(() => {
    const settings = document.querySelector<HTMLElement>(SETTINGS);
    if (!settings || document.querySelector('[aria-modal="true"]')) return;
    // The body's first field; a node without settings focuses its panel's header buttons.
    const target = settings.querySelector<HTMLElement>(`.overflow-y-auto ${FIELD}`) ?? settings.querySelector<HTMLElement>('button');
    target?.focus({ preventScroll: true });
  });
}
