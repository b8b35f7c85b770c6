import { AlertCircleIcon, CheckIcon, ClockIcon, WrenchIcon } from '../../components/ui/icons';
import { briefArguments } from '../run/agent-steps';
import type { AssistantMessage, ChatMessage, ChatToolCall } from './chat-reply';

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

/**
 * The tools an agent called for this answer, one line each (name and short arguments, how
 * it went); a line opens to show what the tool returned. The inspector's steps have it all.
 */
function ToolCalls({ calls }: { calls: readonly ChatToolCall[] }) {
  return (
    <ul className="mb-1.5 max-w-[92%] space-y-1" aria-label="Tool calls" data-testid="chat-tool-calls">
      {calls.map((call) => (
        <li key={call.id} data-testid="chat-tool-call" data-name={call.name} data-status={call.status}>
          <details className="group rounded-lg border border-line bg-canvas text-xs">
            <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-2.5 py-1.5 hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
              <WrenchIcon size={12} className="shrink-0 text-info" />
              <span className="min-w-0 truncate">
                <span className="font-mono font-medium text-ink">{call.name}</span>
                <span className="font-mono text-muted">({briefArguments(call.args, 60)})</span>
              </span>
              <span className="ml-auto shrink-0">
                {call.status === 'error' ? (
                  <>
                    <AlertCircleIcon size={13} className="text-danger" />
                    <span className="sr-only">failed</span>
                  </>
                ) : call.status === 'waiting' ? (
                  <>
                    <ClockIcon size={13} className="text-warn" />
                    <span className="sr-only">waiting for approval</span>
                  </>
                ) : (
                  <>
                    <CheckIcon size={13} className="text-ok" />
                    <span className="sr-only">done</span>
                  </>
                )}
              </span>
            </summary>
            <pre
              className={`border-t border-line px-2.5 py-1.5 font-mono break-words whitespace-pre-wrap ${call.status === 'error' ? 'text-danger' : 'text-muted'}`}
            >
              {call.status === 'waiting' ? 'Waiting for a person to approve or reject this call.' : call.result || '(nothing returned)'}
            </pre>
          </details>
        </li>
      ))}
    </ul>
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
    <div className="flex flex-col items-start" data-testid="chat-message" data-role="assistant">
      {message.tools && message.tools.length > 0 && <ToolCalls calls={message.tools} />}
      <Reply message={message} />
    </div>
  );
}
