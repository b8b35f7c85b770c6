import type { ConversationTurn } from '../../api/useConversations';
import { type AssistantMessage, type ChatMessage, type ChatToolCall, resultText } from './chat-reply';

/**
 * A remembered conversation (GET …/conversations/:sessionId) as the chat panel shows it:
 * each turn's task as the user's message and its last answer as the reply, with the tool
 * calls made on the way (each call paired with its result by the call id). Turns without a
 * user text (an agent fed by something else) show their answer alone.
 */
export function conversationMessages(turns: readonly ConversationTurn[], idOf: () => string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const turn of turns) {
    const at = Date.parse(turn.at) || 0;
    const task = turn.messages.find((m) => m.role === 'user');
    if (task?.role === 'user') messages.push({ id: idOf(), role: 'user', text: task.text, at });
    const results = new Map<string, { output: string; isError: boolean }>();
    for (const m of turn.messages) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, { output: r.output, isError: r.isError === true });
    const tools: ChatToolCall[] = [];
    let answer = '';
    for (const m of turn.messages) {
      if (m.role !== 'assistant') continue;
      for (const call of m.toolCalls) {
        const result = results.get(call.id);
        tools.push({
          id: call.id,
          name: call.name,
          args: call.arguments,
          status: result?.isError ? 'error' : 'success',
          ...(result ? { result: resultText(result.output) } : {}),
        });
      }
      if (m.toolCalls.length === 0) answer = m.text;
    }
    const reply: AssistantMessage = {
      id: idOf(),
      role: 'assistant',
      status: 'done',
      text: answer,
      error: null,
      executionId: null,
      lastSeq: 0,
      at,
      ...(tools.length > 0 ? { tools } : {}),
    };
    messages.push(reply);
  }
  return messages;
}
