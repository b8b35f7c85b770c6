import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { onSignOut } from '../../stores/auth.store';
import { type AssistantMessage, type ChatMessage, interruptPending } from './chat-reply';

/** sessionStorage key: conversations last as long as the tab, per workflow. */
export const CHAT_STORAGE_KEY = 'weft.chat';
/** The newest this many messages of a conversation are kept. */
export const CHAT_MAX_MESSAGES = 200;

interface ChatStoreState {
  /** Whether the chat panel is shown beside the canvas. */
  open: boolean;
  /** Messages by workflow id, oldest first. */
  conversations: Readonly<Record<string, readonly ChatMessage[]>>;
  /** The session id each workflow's chat sends, so Agents with memory hold the conversation (docs/API.md "Agent memory"). */
  sessions: Readonly<Record<string, string>>;
}

interface ChatStoreActions {
  setOpen(open: boolean): void;
  append(workflowId: string, ...messages: ChatMessage[]): void;
  /** Changes one assistant reply in place (the stream folding into it). */
  updateReply(workflowId: string, replyId: string, update: (reply: AssistantMessage) => AssistantMessage): void;
  /** The chat's session id for the workflow, made on first use. */
  sessionId(workflowId: string): string;
  /** A new conversation: the messages go and the next message starts a new session. */
  clear(workflowId: string): void;
  /** Continues a remembered conversation: its session id is sent from now on, its turns shown. */
  resume(workflowId: string, sessionId: string, messages: readonly ChatMessage[]): void;
  reset(): void;
}

/**
 * sessionStorage that never throws: private modes and a full quota turn the
 * conversation into one that lasts until the page is left, nothing worse.
 */
const safeSessionStorage: StateStorage = {
  getItem(name) {
    try {
      return sessionStorage.getItem(name);
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    try {
      sessionStorage.setItem(name, value);
    } catch {
      // See above: the conversation stays in memory.
    }
  },
  removeItem(name) {
    try {
      sessionStorage.removeItem(name);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};

/**
 * The chat panel's conversations, apart from the editor store: chatting never touches
 * the document, its undo history or its unsaved-changes flag.
 */
export const useChatStore = create<ChatStoreState & ChatStoreActions>()(
  persist(
    (set, get) => ({
      open: false,
      conversations: {},
      sessions: {},
      setOpen(open) {
        set({ open });
      },
      append(workflowId, ...messages) {
        set((s) => ({ conversations: { ...s.conversations, [workflowId]: [...(s.conversations[workflowId] ?? []), ...messages].slice(-CHAT_MAX_MESSAGES) } }));
      },
      updateReply(workflowId, replyId, update) {
        set((s) => {
          const messages = s.conversations[workflowId];
          const index = messages?.findIndex((m) => m.id === replyId && m.role === 'assistant') ?? -1;
          const current = messages?.[index];
          if (!messages || !current || current.role !== 'assistant') return s;
          const next = update(current);
          if (next === current) return s;
          return { conversations: { ...s.conversations, [workflowId]: messages.map((m, i) => (i === index ? next : m)) } };
        });
      },
      sessionId(workflowId) {
        const known = get().sessions[workflowId];
        if (known) return known;
        const made = newSessionId();
        set((s) => ({ sessions: { ...s.sessions, [workflowId]: made } }));
        return made;
      },
      clear(workflowId) {
        set((s) => {
          const { [workflowId]: _cleared, ...rest } = s.conversations;
          const { [workflowId]: _ended, ...sessions } = s.sessions;
          return { conversations: rest, sessions };
        });
      },
      resume(workflowId, sessionId, messages) {
        set((s) => ({
          conversations: { ...s.conversations, [workflowId]: messages.slice(-CHAT_MAX_MESSAGES) },
          sessions: { ...s.sessions, [workflowId]: sessionId },
        }));
      },
      reset() {
        set({ open: false, conversations: {}, sessions: {} });
      },
    }),
    {
      name: CHAT_STORAGE_KEY,
      storage: createJSONStorage(() => safeSessionStorage),
      partialize: (s) => ({ conversations: s.conversations, sessions: s.sessions }),
      // A reply still pending in storage belonged to a page that is gone.
      merge: (persisted, current) => {
        const state = persisted as Partial<ChatStoreState> | undefined;
        const stored = state?.conversations ?? {};
        const sessions = Object.fromEntries(Object.entries(state?.sessions ?? {}).filter(([, id]) => typeof id === 'string'));
        const conversations = Object.fromEntries(
          Object.entries(stored)
            .filter(([, messages]) => Array.isArray(messages))
            .map(([id, messages]) => [id, interruptPending(messages)]),
        );
        return { ...current, conversations, sessions };
      },
    },
  ),
);

let counter = 0;
/** Ids unique in this page (crypto.randomUUID needs a secure context, which a LAN install may not be). */
export function chatMessageId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}

/** A chat session id: random, from getRandomValues (randomUUID needs a secure context). */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chat-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

onSignOut(() => {
  useChatStore.getState().reset();
  safeSessionStorage.removeItem(CHAT_STORAGE_KEY);
});
