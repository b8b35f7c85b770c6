import { WorkflowIcon } from '../components/ui/icons';
import { useEditorStore } from './store/editor.store';

/** Shown over an empty canvas: what to do first. Clicks pass through to the canvas. */
export function CanvasEmptyState() {
  const empty = useEditorStore((s) => s.nodes.length === 0);
  if (!empty) return null;
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
      <div className="max-w-sm rounded-2xl border border-dashed border-line bg-surface/80 px-8 py-7 text-center backdrop-blur-sm">
        <span className="mx-auto flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <WorkflowIcon size={22} />
        </span>
        <h2 className="mt-4 text-base font-semibold text-ink">Start building your workflow</h2>
        <p className="mt-1.5 text-sm leading-6 text-muted">
          Drag a node from the library onto the canvas, or click one to add it. Connect an output to an input to pass data along.
        </p>
      </div>
    </div>
  );
}
