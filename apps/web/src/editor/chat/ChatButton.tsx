import { useId } from 'react';
import { ChatIcon } from '../../components/ui/icons';
import { TOOL_LABEL, toolClasses } from '../toolbar/tool-look';
import { useChatStore } from './chat.store';
import { useChatEligibility } from './useChatEligibility';

/** The button's element id: closing the panel gives it the focus back. */
export const CHAT_BUTTON_ID = 'editor-chat-button';

/**
 * The toolbar's Chat button. When the workflow cannot be chatted with it stays
 * focusable (`aria-disabled`, not `disabled`), so hovering or tabbing to it shows why.
 */
export function ChatButton() {
  const eligibility = useChatEligibility();
  const open = useChatStore((s) => s.open);
  const tipId = useId();
  const unavailable = !eligibility.ok;
  const tip = eligibility.ok ? (open ? 'Close the chat' : 'Chat: run this workflow with a message') : eligibility.reason;

  const toggle = () => {
    // Closing is always allowed; opening only when the workflow qualifies.
    if (unavailable && !open) return;
    useChatStore.getState().setOpen(!open);
  };

  return (
    <span className="group relative inline-flex">
      <button
        id={CHAT_BUTTON_ID}
        type="button"
        aria-label="Chat"
        aria-describedby={tipId}
        aria-pressed={open}
        aria-disabled={unavailable && !open ? true : undefined}
        onClick={toggle}
        data-testid="chat-button"
        className={`${toolClasses({ pressed: open })} ${unavailable && !open ? 'cursor-not-allowed opacity-40' : ''}`}
      >
        <ChatIcon />
        <span className={TOOL_LABEL}>Chat</span>
      </button>
      <span
        id={tipId}
        role="tooltip"
        data-testid="chat-button-tip"
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-2 w-max max-w-72 rounded-lg border border-line bg-surface px-3 py-2 text-xs leading-5 text-ink opacity-0 shadow-lg transition-opacity group-has-[:focus-visible]:visible group-has-[:focus-visible]:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {tip}
      </span>
    </span>
  );
}
