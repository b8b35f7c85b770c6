import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOpenConversation } from '../../api/useConversations';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { ChatIcon, CloseIcon, HistoryIcon, PlusIcon, SendIcon, StopIcon } from '../../components/ui/icons';
import { toast } from '../../stores/toast.store';
import { useRunStore } from '../run/run.store';
import { isActive } from '../run/run-view';
import { useEditorStore } from '../store/editor.store';
import { CHAT_BUTTON_ID } from './ChatButton';
import { ChatMessageView } from './ChatMessageView';
import { ConversationList } from './ConversationList';
import { chatMessageId, useChatStore } from './chat.store';
import { type ChatMessage, isPending } from './chat-reply';
import { conversationMessages } from './conversation-messages';
import { useChatEligibility } from './useChatEligibility';
import { useChatRun } from './useChatRun';

const NO_MESSAGES: readonly ChatMessage[] = [];
/** Within this many pixels of the end, the list follows new text; further up, the reader stays put. */
const STICK_PX = 48;

const textareaClasses =
  'max-h-40 min-h-10 w-full flex-1 resize-none rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink shadow-xs outline-none transition placeholder:text-subtle focus:border-brand focus:ring-3 focus:ring-brand/20 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

interface ChatPanelProps {
  /** The editor's save flow: a chat message runs the stored workflow, so edits are saved first. */
  save(): Promise<boolean>;
}

/**
 * The chat panel beside the canvas (issue 13): each message runs the workflow with it as
 * the asked Text Input's value, and the answer streams in from the node feeding the
 * Output. Always mounted so a run keeps being followed while the panel is closed.
 */
export function ChatPanel({ save }: ChatPanelProps) {
  const open = useChatStore((s) => s.open);
  const run = useChatRun(save);
  if (!open) return null;
  return <OpenChatPanel send={run.send} stop={run.stop} />;
}

function close() {
  useChatStore.getState().setOpen(false);
  document.getElementById(CHAT_BUTTON_ID)?.focus();
}

function OpenChatPanel({ send, stop }: { send(text: string): Promise<boolean>; stop(): void }) {
  const eligibility = useChatEligibility();
  const workflowId = useEditorStore((s) => s.workflowId);
  const name = useEditorStore((s) => s.name);
  const messages = useChatStore((s) => (workflowId ? s.conversations[workflowId] : undefined)) ?? NO_MESSAGES;
  const otherRun = useRunStore((s) => s.starting || isActive(s.live));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const pending = messages.some(isPending);
  const sessionId = useChatStore((s) => (workflowId ? s.sessions[workflowId] : undefined));
  // The workflow's remembered conversations, shown in place of the messages (issue 23).
  const [showList, setShowList] = useState(false);
  const openConversation = useOpenConversation(workflowId);

  useEffect(() => input.current?.focus(), []);
  // Follow the answer as it grows, unless the reader has scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the messages on purpose.
  useLayoutEffect(() => {
    if (stick.current && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages]);
  // Grow the box with its text, up to its max height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measures again on each change of the text.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`;
  }, [text]);

  const canSend = eligibility.ok && !pending && !otherRun && !sending && text.trim() !== '';
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    stick.current = true;
    const added = await send(text.trim());
    setSending(false);
    if (added) setText('');
    input.current?.focus();
  };
  const clear = () => {
    if (workflowId) useChatStore.getState().clear(workflowId);
    setShowList(false);
    // The button goes disabled under the focus: hand it to the message box.
    setTimeout(() => input.current?.focus());
  };
  const resume = (id: string) => {
    if (!workflowId) return;
    if (pending) {
      toast.info('An answer is still coming: wait for it, or stop it, before opening another conversation.');
      return;
    }
    openConversation.mutate(id, {
      onSuccess: (conversation) => {
        useChatStore.getState().resume(workflowId, id, conversationMessages(conversation.turns, chatMessageId));
        stick.current = true;
        setShowList(false);
        setTimeout(() => input.current?.focus());
      },
    });
  };
  // Deleting the conversation on screen ends it here too: the next message starts a new one.
  const forgotten = (id: string) => {
    if (workflowId && id === sessionId) useChatStore.getState().clear(workflowId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };
  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };

  return (
    <aside
      aria-label="Chat"
      onKeyDown={onPanelKeyDown}
      className="flex h-full w-[min(24rem,85vw)] shrink-0 flex-col border-l border-line bg-surface shadow-[-8px_0_24px_-16px_rgb(0_0_0/0.15)]"
      data-testid="chat-panel"
    >
      <header className="flex h-12 shrink-0 items-center gap-1 border-b border-line pr-2 pl-4">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">Chat</h2>
        <IconButton
          label="Conversations"
          title="Conversations the agents remember: open one to go on, or delete it"
          aria-pressed={showList}
          onClick={() => setShowList((shown) => !shown)}
          className={showList ? 'bg-brand-soft text-brand hover:bg-brand-soft hover:text-brand' : ''}
          data-testid="chat-conversations"
        >
          <HistoryIcon size={16} />
        </IconButton>
        <Button
          variant="ghost"
          size="sm"
          onClick={clear}
          disabled={(messages.length === 0 && !showList) || pending}
          title="Start afresh: the next message begins a new conversation"
        >
          <PlusIcon size={14} />
          New conversation
        </Button>
        <IconButton label="Close chat" title="Close chat (Esc)" onClick={close}>
          <CloseIcon size={16} />
        </IconButton>
      </header>

      {showList ? (
        <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3" data-testid="chat-conversations-view">
          <h3 className="mb-2 px-1 text-[11px] font-semibold tracking-wide text-subtle uppercase">Conversations</h3>
          <ConversationList
            workflowId={workflowId}
            currentSessionId={sessionId}
            opening={openConversation.isPending ? (openConversation.variables ?? null) : null}
            onOpen={resume}
            onDeleted={forgotten}
          />
        </div>
      ) : (
        <div
          ref={list}
          role="log"
          aria-label="Conversation"
          aria-busy={pending}
          onScroll={(e) => {
            const box = e.currentTarget;
            stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < STICK_PX;
          }}
          className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4"
        >
          {messages.length === 0 ? <EmptyState name={name} /> : messages.map((m) => <ChatMessageView key={m.id} message={m} />)}
        </div>
      )}

      <form hidden={showList} onSubmit={(e) => void submit(e)} className="shrink-0 border-t border-line px-3 pt-3 pb-2.5">
        {!eligibility.ok && (
          <Alert tone="info" className="mb-3">
            {eligibility.reason}
          </Alert>
        )}
        <div className="flex items-end gap-2">
          <label htmlFor="chat-message" className="sr-only">
            Message
          </label>
          <textarea
            id="chat-message"
            ref={input}
            rows={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={!eligibility.ok}
            placeholder={`Message ${name || 'this workflow'}…`}
            className={textareaClasses}
            data-testid="chat-input"
          />
          {pending ? (
            <Button type="button" variant="secondary" onClick={stop} aria-label="Stop" title="Stop the run" className="size-10 px-0!" data-testid="chat-stop">
              <StopIcon size={16} />
            </Button>
          ) : (
            <Button
              type="submit"
              aria-label="Send"
              title="Send (Enter)"
              disabled={!canSend}
              loading={sending}
              className="size-10 px-0!"
              data-testid="chat-send"
            >
              {!sending && <SendIcon size={18} />}
            </Button>
          )}
        </div>
        <p className="mt-1.5 px-0.5 text-xs text-subtle">
          {otherRun && !pending ? 'A run is going: send when it ends.' : 'Enter to send, Shift+Enter for a new line.'}
        </p>
      </form>
    </aside>
  );
}

function EmptyState({ name }: { name: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 text-center" data-testid="chat-empty">
      <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-brand-soft text-brand">
        <ChatIcon size={18} />
      </span>
      <p className="text-sm font-medium text-ink">Ask something to run {name || 'this workflow'}</p>
      <p className="mt-1 max-w-[16rem] text-xs leading-5 text-muted">Each message runs the workflow with it as the input; the answer streams in here.</p>
    </div>
  );
}
