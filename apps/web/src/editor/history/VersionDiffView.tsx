import type { DiffField, WorkflowDiff } from '@weft/core';
import type { ReactNode } from 'react';
import { formatDiffValue, formatEdge } from './diff-format';

const sectionTitle = 'mb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase';
const tone = {
  added: 'border-l-2 border-ok bg-ok/10',
  removed: 'border-l-2 border-danger bg-danger/10',
  changed: 'border-l-2 border-warn bg-warn/10',
} as const;

function Row({ kind, children }: { kind: keyof typeof tone; children: ReactNode }) {
  const label = { added: 'Added', removed: 'Removed', changed: 'Changed' }[kind];
  return (
    <li className={`rounded-r-md px-3 py-2 text-sm ${tone[kind]}`} data-testid={`diff-${kind}`}>
      <span className="sr-only">{label}: </span>
      {children}
    </li>
  );
}

/** How the view words a change: the version history's "since"/"then"/"now" by default. */
export interface DiffWords {
  readonly added: string;
  readonly removed: string;
  readonly before: string;
  readonly after: string;
}

const HISTORY_WORDS: DiffWords = { added: 'added since', removed: 'removed since', before: 'then', after: 'now' };

function FieldChange({ field, words }: { field: DiffField; words: DiffWords }) {
  return (
    <div className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs" data-testid="diff-field">
      <span className="col-span-2 font-medium text-ink">{field.label}</span>
      <span className="text-subtle">{words.before}</span>
      <code className="font-mono break-words whitespace-pre-wrap text-muted line-through decoration-danger/60">{formatDiffValue(field.before)}</code>
      <span className="text-subtle">{words.after}</span>
      <code className="font-mono break-words whitespace-pre-wrap text-ink">{formatDiffValue(field.after)}</code>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h4 className={sectionTitle}>{title}</h4>
      <ul className="flex flex-col gap-1.5">{children}</ul>
    </section>
  );
}

/**
 * What changed from a kept version ("then") to the current workflow ("now"): nodes added,
 * removed and changed with each field's values, connections and parameters. Secret fields
 * arrive as references from the server, never values.
 */
export function VersionDiffView({ diff, words = HISTORY_WORDS }: { diff: WorkflowDiff; words?: DiffWords }) {
  const { nodes, edges, parameters } = diff;
  const hasParameters = parameters.added.length + parameters.removed.length + parameters.changed.length > 0;
  return (
    <div className="flex flex-col gap-4" data-testid="version-diff">
      {diff.name && (
        <Section title="Name">
          <Row kind="changed">
            “{diff.name.before}” → “{diff.name.after}”
          </Row>
        </Section>
      )}
      {nodes.added.length + nodes.removed.length + nodes.changed.length > 0 && (
        <Section title="Nodes">
          {nodes.added.map((n) => (
            <Row key={`a-${n.id}`} kind="added">
              <span className="font-medium text-ink">{n.label}</span> {words.added}
            </Row>
          ))}
          {nodes.removed.map((n) => (
            <Row key={`r-${n.id}`} kind="removed">
              <span className="font-medium text-ink">{n.label}</span> {words.removed}
            </Row>
          ))}
          {nodes.changed.map((n) => (
            <Row key={`c-${n.id}`} kind="changed">
              <span className="font-medium text-ink">{n.label}</span>
              {n.labelBefore !== null && <span className="text-muted"> (was {n.labelBefore})</span>}
              {n.moved && n.fields.length === 0 && n.labelBefore === null && <span className="text-muted"> moved</span>}
              {n.fields.map((field) => (
                <FieldChange key={field.key} field={field} words={words} />
              ))}
            </Row>
          ))}
        </Section>
      )}
      {edges.added.length + edges.removed.length > 0 && (
        <Section title="Connections">
          {edges.added.map((e) => (
            <Row key={`a-${formatEdge(e)}`} kind="added">
              {formatEdge(e)}
            </Row>
          ))}
          {edges.removed.map((e) => (
            <Row key={`r-${formatEdge(e)}`} kind="removed">
              {formatEdge(e)}
            </Row>
          ))}
        </Section>
      )}
      {hasParameters && (
        <Section title="Global parameters">
          {parameters.added.map((p) => (
            <Row key={`a-${p.key}`} kind="added">
              <code className="font-mono">{p.key}</code> = {formatDiffValue(p.after)}
            </Row>
          ))}
          {parameters.removed.map((p) => (
            <Row key={`r-${p.key}`} kind="removed">
              <code className="font-mono">{p.key}</code> (was {formatDiffValue(p.before)})
            </Row>
          ))}
          {parameters.changed.map((p) => (
            <Row key={`c-${p.key}`} kind="changed">
              <code className="font-mono">{p.key}</code>: {formatDiffValue(p.before)} → {formatDiffValue(p.after)}
            </Row>
          ))}
        </Section>
      )}
    </div>
  );
}
