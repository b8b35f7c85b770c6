import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type ConversationSummary, useConversations, useDeleteConversation } from '../../api/useConversations';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { IconButton } from '../../components/ui/IconButton';
import { HistoryIcon, TrashIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';

interface ConversationListProps {
  workflowId: string | null;
  /** The chat's own session id, marked "This chat". */
  currentSessionId: string | undefined;
  /** The one being opened, shown busy. */
  opening: string | null;
  onOpen(sessionId: string): void;
  onDeleted(sessionId: string): void;
}

/**
 * The workflow's remembered conversations (issue 23: memory listed and deletable), in the
 * chat panel in place of the messages: newest first, each with its first words, its turns
 * and when it last went on; open one to continue it, delete one after a confirmation in
 * its row. Loading, failure and empty states; every action is a button in tab order.
 */
export function ConversationList({ workflowId, currentSessionId, opening, onOpen, onDeleted }: ConversationListProps) {
  const list = useConversations(workflowId, true);
  const remove = useDeleteConversation(workflowId);
  const [confirming, setConfirming] = useState<string | null>(null);

  if (!workflowId) return <Empty text="Save the workflow and chat with it: conversations an Agent remembers are kept here." />;
  if (list.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted" data-testid="conversations-loading">
        <Spinner size={16} decorative />
        Loading conversations…
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState
        title="Could not load the conversations"
        message={errorMessage(list.error, 'The server did not answer.')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.length === 0) {
    return (
      <Empty text="No conversations kept yet. An Agent with Memory set to “Remember the conversation” keeps each chat here, so you can come back to it." />
    );
  }
  return (
    <ul className="space-y-2" aria-label="Conversations" data-testid="conversations">
      {list.data.map((conversation) => (
        <ConversationItem
          key={conversation.sessionId}
          conversation={conversation}
          current={conversation.sessionId === currentSessionId}
          opening={opening === conversation.sessionId}
          confirming={confirming === conversation.sessionId}
          deleting={remove.isPending && remove.variables === conversation.sessionId}
          onOpen={() => onOpen(conversation.sessionId)}
          onAskDelete={() => setConfirming(conversation.sessionId)}
          onCancelDelete={() => setConfirming(null)}
          onDelete={() =>
            remove.mutate(conversation.sessionId, {
              onSuccess: () => {
                setConfirming(null);
                onDeleted(conversation.sessionId);
              },
            })
          }
        />
      ))}
    </ul>
  );
}

interface ItemProps {
  conversation: ConversationSummary;
  current: boolean;
  opening: boolean;
  confirming: boolean;
  deleting: boolean;
  onOpen(): void;
  onAskDelete(): void;
  onCancelDelete(): void;
  onDelete(): void;
}

function ConversationItem({ conversation, current, opening, confirming, deleting, onOpen, onAskDelete, onCancelDelete, onDelete }: ItemProps) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  const trashId = useId();
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    // Cancelled: the focus goes back to the button that asked.
    else if (wasConfirming.current) document.getElementById(trashId)?.focus();
    wasConfirming.current = confirming;
  }, [confirming, trashId]);
  const onConfirmKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape cancels the question, not the whole panel.
    event.preventDefault();
    event.stopPropagation();
    onCancelDelete();
  };
  const turns = `${conversation.turns} ${conversation.turns === 1 ? 'turn' : 'turns'}`;
  return (
    <li
      className={`rounded-lg border ${current ? 'border-brand/40 bg-brand-soft/40' : 'border-line'}`}
      data-testid="conversation"
      data-session-id={conversation.sessionId}
    >
      <div className="flex items-start gap-1 p-1">
        <button
          type="button"
          onClick={onOpen}
          disabled={opening}
          className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none disabled:opacity-60"
        >
          <span className="line-clamp-2 text-sm break-words text-ink">{conversation.preview || 'A conversation'}</span>
          <span className="mt-0.5 flex items-center gap-1.5 text-xs text-muted">
            {turns} · <time title={formatExactTime(conversation.lastAt)}>{formatRelativeTime(conversation.lastAt)}</time>
            {current && <span className="font-medium text-brand">· this chat</span>}
            {opening && <Spinner size={12} label="Opening" />}
          </span>
        </button>
        <IconButton id={trashId} label="Delete conversation" title="Delete: the agent forgets it" onClick={onAskDelete} disabled={confirming} danger>
          <TrashIcon size={15} />
        </IconButton>
      </div>
      {confirming && (
        <fieldset
          aria-label="Confirm deletion"
          onKeyDown={onConfirmKeyDown}
          className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 border-t border-line px-3 py-2"
        >
          <p className="min-w-0 flex-1 text-xs text-ink">Delete it? The agent forgets this conversation for good.</p>
          <Button ref={confirmButton} variant="danger" size="sm" onClick={onDelete} loading={deleting} data-testid="conversation-delete-confirm">
            Delete
          </Button>
          <Button variant="ghost" size="sm" onClick={onCancelDelete}>
            Cancel
          </Button>
        </fieldset>
      )}
    </li>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-10 text-center" data-testid="conversations-empty">
      <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-surface-2 text-subtle">
        <HistoryIcon size={18} />
      </span>
      <p className="max-w-[17rem] text-xs leading-5 text-muted">{text}</p>
    </div>
  );
}
