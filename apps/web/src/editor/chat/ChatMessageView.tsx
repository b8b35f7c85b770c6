import { AlertCircleIcon } from '../../components/ui/icons';
import type { AssistantMessage, ChatMessage } from './chat-reply';

/** Three dots while the workflow runs and no token has come yet. */
function TypingIndicator() {
  return (
    <span className="inline-flex items-center gap-1 py-1.5" data-testid="chat-typing">
      <span className="sr-only">Running the workflow…</span>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="size-1.5 animate-bounce rounded-full bg-subtle motion-reduce:animate-none"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

function Reply({ message }: { message: AssistantMessage }) {
  if (message.status === 'error') {
    return (
      <div className="max-w-[92%] rounded-2xl rounded-bl-md border border-danger/30 bg-danger/8 px-3.5 py-2.5 text-sm" data-testid="chat-error">
        {message.text && <p className="mb-2 whitespace-pre-wrap break-words text-ink">{message.text}</p>}
        <p className="flex items-start gap-2 font-medium text-danger">
          <AlertCircleIcon size={15} className="mt-0.5 shrink-0" />
          <span className="min-w-0 break-words">{message.error}</span>
        </p>
      </div>
    );
  }
  const waiting = (message.status === 'starting' || message.status === 'waiting') && message.text === '';
  return (
    <div
      className="max-w-[92%] rounded-2xl rounded-bl-md bg-surface-2 px-3.5 py-2 text-sm leading-relaxed text-ink"
      data-testid="chat-answer"
      data-status={message.status}
    >
      {waiting ? (
        <TypingIndicator />
      ) : (
        <p className="whitespace-pre-wrap break-words">
          {message.text}
          {message.status === 'streaming' && (
            <span aria-hidden="true" className="ml-0.5 inline-block h-3.5 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-brand" />
          )}
        </p>
      )}
      {message.status === 'cancelled' && <p className="mt-1 text-xs text-muted">{message.text ? 'Stopped before the end.' : 'Stopped.'}</p>}
    </div>
  );
}

/** One turn of the conversation: the user's message on the right, the workflow's answer on the left. */
export function ChatMessageView({ message }: { message: ChatMessage }) {
  if (message.role === 'user') {
    return (
      <div className="flex justify-end" data-testid="chat-message" data-role="user">
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-soft px-3.5 py-2 text-sm leading-relaxed text-ink">
          {message.text}
        </p>
      </div>
    );
  }
  return (
    <div className="flex justify-start" data-testid="chat-message" data-role="assistant">
      <Reply message={message} />
    </div>
  );
}
