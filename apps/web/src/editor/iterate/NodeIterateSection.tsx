import type { NodeDefinition, RunTargetMode } from '@weft/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { PinIcon, PlayIcon } from '../../components/ui/icons';
import { inputClasses } from '../../components/ui/TextField';
import { useRunStore } from '../run/run.store';
import { requestRun } from '../run/run-requests';
import { isActive } from '../run/run-view';
import { useEditorStore } from '../store/editor.store';
import { checkPinDraft, pinDraftText } from './pin-draft';
import { draftOf, type SettingsDraft, settingsOf } from './settings-draft';

interface NodeIterateSectionProps {
  nodeId: string;
  definition: NodeDefinition;
}

/**
 * The parts of a node's settings for iterating on it: its retry and timeout settings and
 * its pinned output (typed in as JSON, or pinned from a run in the inspector). Under the
 * node type's own settings in the config panel; `NodeRunButtons` sits in its header.
 */
export function NodeIterateSection({ nodeId, definition }: NodeIterateSectionProps) {
  return (
    <div className="space-y-5">
      <RetrySettings key={`settings:${nodeId}`} nodeId={nodeId} />
      {definition.outputs.length > 0 && <PinnedOutput key={`pin:${nodeId}`} nodeId={nodeId} definition={definition} />}
    </div>
  );
}

function SectionTitle({ children }: { children: string }) {
  return <h3 className="mb-2 text-[11px] font-semibold tracking-wide text-subtle uppercase">{children}</h3>;
}

const RUN_BUTTONS: { mode: RunTargetMode; testId: string; title: string; content: ReactNode }[] = [
  {
    mode: 'node',
    testId: 'run-this-node',
    title: "Runs only this node, fed by the last runs' upstream outputs (upstream nodes they lack run too)",
    content: (
      <>
        <PlayIcon size={14} /> Run this node
      </>
    ),
  },
  { mode: 'up-to', testId: 'run-up-to-here', title: 'Runs this node and every node before it', content: 'Run up to here' },
];

/** "Run this node" and "Run up to here", under the node's name in its settings panel. */
export function NodeRunButtons({ nodeId }: { nodeId: string }) {
  const busy = useRunStore((s) => s.starting || isActive(s.live));
  return (
    <div className="flex flex-wrap gap-2">
      {RUN_BUTTONS.map(({ mode, testId, title, content }) => (
        <Button
          key={mode}
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => requestRun({ kind: 'target', nodeId, mode })}
          data-testid={testId}
          title={title}
        >
          {content}
        </Button>
      ))}
    </div>
  );
}

function RetrySettings({ nodeId }: { nodeId: string }) {
  const settings = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data.settings);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const check = settingsOf(draft);
  const change = (field: keyof SettingsDraft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    const checked = settingsOf(next);
    if (checked.ok) useEditorStore.getState().setNodeSettings(nodeId, checked.settings);
  };
  const field = (key: keyof SettingsDraft, label: string, placeholder: string, step: string) => {
    const error = !check.ok && check.field === key ? check.error : null;
    const id = `node-${nodeId}-${key}`;
    return (
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className="block text-xs font-medium text-ink">
          {label}
        </label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          value={draft[key]}
          placeholder={placeholder}
          onChange={(event) => change(key, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`node-setting-${key}`}
          className={`${inputClasses} h-8 ${error ? 'border-danger focus:border-danger focus:ring-danger/20' : ''}`}
        />
        {error && (
          <p id={`${id}-error`} className="text-xs text-danger">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <div>
      <SectionTitle>Retry and timeout</SectionTitle>
      <div className="flex gap-2">
        {field('retries', 'Retries', '0', '1')}
        {field('waitSeconds', 'Wait (s)', '1', '0.1')}
        {field('timeoutSeconds', 'Timeout (s)', '300', '1')}
      </div>
      <p className="mt-1.5 text-xs leading-5 text-muted">
        A failed try is tried again after the wait; a try longer than the timeout fails. Empty fields keep the defaults.
      </p>
    </div>
  );
}

function PinnedOutput({ nodeId, definition }: { nodeId: string; definition: NodeDefinition }) {
  const pinned = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data.pinned);
  const config = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.data.config) ?? {};
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setText(pinDraftText(pinned, definition, config));
    setError(null);
    setEditing(true);
  };
  const save = () => {
    const checked = checkPinDraft(text, definition, config);
    if (!checked.ok) return setError(checked.error);
    useEditorStore.getState().setNodePin(nodeId, checked.outputs);
    setEditing(false);
  };
  const unpin = () => {
    useEditorStore.getState().setNodePin(nodeId, undefined);
    setEditing(false);
  };

  return (
    <div data-testid="pinned-output">
      <SectionTitle>Pinned output</SectionTitle>
      {editing ? (
        <div className="space-y-2">
          <textarea
            aria-label="Pinned output (JSON)"
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            rows={Math.min(14, Math.max(4, text.split('\n').length))}
            aria-invalid={error ? true : undefined}
            data-testid="pin-json"
            className={`${inputClasses} h-auto py-2 font-mono text-xs leading-5 ${error ? 'border-danger' : ''}`}
          />
          {error && (
            <p role="alert" className="text-xs text-danger" data-testid="pin-error">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button size="sm" onClick={save} data-testid="pin-save">
              <PinIcon size={14} /> Pin
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : pinned ? (
        <div className="space-y-2">
          <pre className="max-h-40 overflow-auto rounded-md border border-brand/25 bg-brand-soft/40 px-2.5 py-2 font-mono text-xs leading-5 text-ink">
            {JSON.stringify(pinned, null, 2)}
          </pre>
          <p className="text-xs leading-5 text-muted">Manual runs use this instead of calling the node. Webhook, schedule and API runs call it.</p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={open} data-testid="pin-edit">
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={unpin} data-testid="pin-remove">
              Unpin
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-xs leading-5 text-muted">Pin an output to stop calling this node on manual runs while you work on what follows it.</p>
          <Button size="sm" variant="secondary" onClick={open} data-testid="pin-edit">
            <PinIcon size={14} /> Pin data…
          </Button>
        </div>
      )}
    </div>
  );
}
