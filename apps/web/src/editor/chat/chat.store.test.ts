import { beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MAX_MESSAGES, CHAT_STORAGE_KEY, chatMessageId, useChatStore } from './chat.store';
import type { AssistantMessage, UserMessage } from './chat-reply';
import { INTERRUPTED } from './chat-reply';

// The node test environment has no sessionStorage: a Map stands in for the browser's.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
});

const user = (text: string): UserMessage => ({ id: chatMessageId(), role: 'user', text, at: 1 });
const reply = (status: AssistantMessage['status'], text = ''): AssistantMessage => ({
  id: chatMessageId(),
  role: 'assistant',
  status,
  text,
  error: null,
  executionId: 'ex1',
  lastSeq: 0,
  at: 1,
});

describe('chat store', () => {
  beforeEach(() => {
    useChatStore.getState().reset();
    stored.clear();
  });

  it('keeps a conversation per workflow in sessionStorage, without the open flag', () => {
    const chat = useChatStore.getState();
    chat.setOpen(true);
    chat.append('w1', user('Hello'));
    chat.append('w2', user('Other'));
    const saved = JSON.parse(stored.get(CHAT_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(Object.keys(saved.state)).toEqual(['conversations', 'sessions']);
    expect(useChatStore.getState().conversations.w1?.map((m) => m.role === 'user' && m.text)).toEqual(['Hello']);
    chat.clear('w1');
    expect(Object.keys(useChatStore.getState().conversations)).toEqual(['w2']);
  });

  it('keeps one session id per workflow chat until a new conversation starts', () => {
    const chat = useChatStore.getState();
    const first = chat.sessionId('w1');
    expect(first).toMatch(/^chat-[0-9a-f]{32}$/);
    expect(useChatStore.getState().sessionId('w1')).toBe(first);
    expect(useChatStore.getState().sessionId('w2')).not.toBe(first);
    const saved = JSON.parse(stored.get(CHAT_STORAGE_KEY) ?? '{}') as { state: { sessions: Record<string, string> } };
    expect(saved.state.sessions.w1).toBe(first);
    chat.clear('w1');
    const next = useChatStore.getState().sessionId('w1');
    expect(next).not.toBe(first);
    expect(next).toMatch(/^chat-[0-9a-f]{32}$/);
  });

  it('resumes a remembered conversation: its messages shown, its session id sent from then on', () => {
    const chat = useChatStore.getState();
    chat.append('w1', user('Before'));
    chat.resume('w1', 'chat-old', [user('track A42'), reply('done', 'On its way.')]);
    expect(useChatStore.getState().sessionId('w1')).toBe('chat-old');
    expect(useChatStore.getState().conversations.w1?.map((m) => m.text)).toEqual(['track A42', 'On its way.']);
  });

  it('changes one reply in place and keeps only the newest messages', () => {
    const chat = useChatStore.getState();
    const pending = reply('waiting');
    chat.append('w1', user('Hi'), pending);
    chat.updateReply('w1', pending.id, (r) => ({ ...r, status: 'done', text: 'Hello!' }));
    expect(useChatStore.getState().conversations.w1?.[1]).toMatchObject({ status: 'done', text: 'Hello!' });
    for (let i = 0; i < CHAT_MAX_MESSAGES; i += 1) chat.append('w1', user(`m${i}`));
    const kept = useChatStore.getState().conversations.w1 ?? [];
    expect(kept).toHaveLength(CHAT_MAX_MESSAGES);
    expect(kept.at(-1)).toMatchObject({ text: `m${CHAT_MAX_MESSAGES - 1}` });
  });

  it('reads a stored conversation back with replies that were still pending marked interrupted', async () => {
    const done = reply('done', 'Earlier answer');
    const streaming = reply('streaming', 'Half');
    stored.set(
      CHAT_STORAGE_KEY,
      JSON.stringify({ state: { conversations: { w1: [user('Q1'), done, user('Q2'), streaming], bad: 'not a list' } }, version: 0 }),
    );
    await useChatStore.persist.rehydrate();
    const messages = useChatStore.getState().conversations.w1 ?? [];
    expect(messages[1]).toEqual(done);
    expect(messages[3]).toMatchObject({ status: 'error', text: 'Half', error: INTERRUPTED });
    expect(useChatStore.getState().conversations).not.toHaveProperty('bad');
  });
});
