import { type ConcurrentEdits, type EditOverlap, isEmptyDiff, type WorkflowDiff } from '@weft/core';
import { Alert } from '../../components/ui/Alert';
import { countChanges } from '../history/diff-format';
import { type DiffWords, VersionDiffView } from '../history/VersionDiffView';

const WORDS: DiffWords = { added: 'added', removed: 'removed', before: 'before', after: 'after' };

function overlapText(overlap: EditOverlap): string {
  if (overlap.kind === 'name') return 'the workflow’s name';
  if (overlap.kind === 'parameter') return `the parameter ${overlap.label}`;
  const doing = overlap.theirs === 'removed' ? ' (they removed it)' : overlap.yours === 'removed' ? ' (you removed it)' : '';
  const fields = overlap.fields.length > 0 ? `: ${overlap.fields.join(', ')}` : '';
  return `${overlap.label}${fields}${doing}`;
}

function Side({ title, diff, testId }: { title: string; diff: WorkflowDiff; testId: string }) {
  const count = countChanges(diff);
  return (
    <section data-testid={testId} aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-ink">
        {title} <span className="font-normal text-muted">· {count === 1 ? '1 change' : `${count} changes`}</span>
      </h3>
      {isEmptyDiff(diff) ? <p className="text-sm text-muted">No changes.</p> : <VersionDiffView diff={diff} words={WORDS} />}
    </section>
  );
}

/**
 * A stale save's two sides against the version both started from: where they meet first
 * (what one side's document would lose of the other's), then their changes, then yours.
 */
export function ConcurrentEditsView({ edits, theirVersion }: { edits: ConcurrentEdits; theirVersion: number | null }) {
  return (
    <div className="flex flex-col gap-5" data-testid="concurrent-edits">
      {edits.overlaps.length > 0 && (
        <Alert tone="warning">
          <p className="font-medium">You both changed</p>
          <ul className="mt-1 list-disc pl-4 text-ink">
            {edits.overlaps.map((overlap) => (
              <li key={`${overlap.kind}-${overlap.id}`}>{overlapText(overlap)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Side title={theirVersion === null ? 'Their changes' : `Their changes (version ${theirVersion})`} diff={edits.theirs} testId="their-changes" />
      <Side title="Your unsaved changes" diff={edits.yours} testId="your-changes" />
    </div>
  );
}
