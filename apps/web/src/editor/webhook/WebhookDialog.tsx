import { takesRunInput } from '@weft/core';
import { type ReactNode, useId } from 'react';
import { useWebhook, type WebhookRespond } from '../../api/useWebhook';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CopyField } from '../../components/ui/CopyField';
import { Modal } from '../../components/ui/Modal';
import { Skeleton } from '../../components/ui/Skeleton';
import { errorMessage } from '../../lib/api';
import { confirmDialog } from '../../stores/confirm.store';
import { useEditorStore } from '../store/editor.store';
import { CodeSample } from './CodeSample';

const RESPOND_OPTIONS: { value: WebhookRespond; label: string; description: string }[] = [
  { value: 'output', label: 'With the output', description: 'Waits for the run and answers with what the Output node received (500 if the run fails).' },
  { value: 'accepted', label: 'At once', description: 'Answers 202 with the execution id straight away; the run goes on in the background.' },
];

/** A curl command that calls the webhook, for the dialog to show and copy. */
function curlExample(url: string): string {
  return `curl -X POST '${url}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"message": "Hello from curl"}'`;
}

/** Editor → Webhook: a secret URL that runs this workflow when something POSTs to it. */
export function WebhookDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const workflowId = useEditorStore((s) => s.workflowId);
  return (
    <WebhookModal titleId={titleId} onClose={onClose}>
      {workflowId ? (
        <WebhookSettings workflowId={workflowId} />
      ) : (
        <Alert tone="info">Save this workflow first: a webhook runs the saved workflow, so it needs one to point at.</Alert>
      )}
    </WebhookModal>
  );
}

function WebhookModal({ titleId, onClose, children }: { titleId: string; onClose(): void; children: ReactNode }) {
  return (
    <Modal labelledBy={titleId} onClose={onClose} variant="panel">
      <div className="min-h-0 flex-1 overflow-y-auto p-6">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          Webhook
        </h2>
        <p className="mt-1 text-sm leading-6 text-muted">
          Start this workflow from another service with a POST to a secret URL. The request body becomes the value of every Text Input set to ask on run.
        </p>
        <div className="mt-5">{children}</div>
      </div>
      <div className="flex shrink-0 justify-end border-t border-line px-6 py-3">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

function WebhookSettings({ workflowId }: { workflowId: string }) {
  const { query, save, disable } = useWebhook(workflowId);
  const askingInputs = useEditorStore((s) => s.nodes.some(takesRunInput));
  const unsaved = useEditorStore((s) => s.hasUnsavedChanges);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the webhook" className="space-y-3">
        <Skeleton className="h-3.5 w-24" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-danger">Couldn't load the webhook: {errorMessage(query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const webhook = query.data;
  const busy = save.isPending || disable.isPending;
  const notes = (
    <>
      {!askingInputs && (
        <Alert tone="info">
          No Text Input asks for a value on run, so the request body will not reach the workflow. Switch on "Ask for this value when the workflow runs" on a
          Text Input to use it.
        </Alert>
      )}
      {unsaved && <Alert tone="warning">You have unsaved changes. Calls to the webhook run the last saved version.</Alert>}
    </>
  );

  if (!webhook) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-ink">This workflow has no webhook yet.</p>
        {notes}
        <Button onClick={() => save.mutate({ respond: 'output' })} loading={save.isPending}>
          Enable webhook
        </Button>
      </div>
    );
  }

  const regenerate = async () => {
    const confirmed = await confirmDialog({
      title: 'Create a new webhook URL?',
      message: 'The current URL stops working at once. Update every service that calls it.',
      confirmLabel: 'Create new URL',
      danger: true,
    });
    if (confirmed) save.mutate({ regenerate: true });
  };
  const turnOff = async () => {
    const confirmed = await confirmDialog({
      title: 'Disable the webhook?',
      message: 'Calls to its URL will be refused with 404. Enabling it again gives a new URL.',
      confirmLabel: 'Disable webhook',
      danger: true,
    });
    if (confirmed) disable.mutate();
  };

  return (
    <div className="space-y-5">
      <CopyField
        label="Webhook URL"
        value={webhook.url}
        copiedMessage="Webhook URL copied"
        hint="Anyone with this URL can run the workflow: treat it like a password."
      />
      <fieldset disabled={busy}>
        <legend className="text-sm font-medium text-ink">Answer the caller</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {RESPOND_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer gap-2.5 rounded-lg border p-3 text-sm transition-colors has-focus-visible:ring-3 has-focus-visible:ring-brand/20 ${
                webhook.respond === option.value ? 'border-brand bg-brand-soft/40' : 'border-line hover:bg-surface-2'
              }`}
            >
              <input
                type="radio"
                name="webhook-respond"
                value={option.value}
                checked={webhook.respond === option.value}
                onChange={() => save.mutate({ respond: option.value })}
                className="mt-0.5 accent-(--color-brand)"
              />
              <span>
                <span className="block font-medium text-ink">{option.label}</span>
                <span className="mt-0.5 block text-xs leading-5 text-muted">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {notes}
      <CodeSample label="Try it with curl" code={curlExample(webhook.url)} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void regenerate()} loading={save.isPending && save.variables?.regenerate === true} disabled={busy}>
          New URL
        </Button>
        {/* Marked important: otherwise the ghost look's own text colours win over the danger colour. */}
        <Button
          variant="ghost"
          size="sm"
          className="text-danger! hover:text-danger!"
          onClick={() => void turnOff()}
          loading={disable.isPending}
          disabled={busy}
        >
          Disable webhook
        </Button>
      </div>
    </div>
  );
}
