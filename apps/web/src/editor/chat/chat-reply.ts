import type { ExecutionDetail } from '../../api/executions';
import type { SequencedEvent } from '../run/run-view';
import type { ChatTarget } from './chat-eligibility';

export interface UserMessage {
  readonly id: string;
  readonly role: 'user';
  readonly text: string;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

/**
 * starting: saving and asking the server to start; waiting: the run goes, no token yet
 * (the typing indicator); streaming: tokens arriving; then one of the three endings.
 */
export type ReplyStatus = 'starting' | 'waiting' | 'streaming' | 'done' | 'error' | 'cancelled';

export interface AssistantMessage {
  readonly id: string;
  readonly role: 'assistant';
  readonly status: ReplyStatus;
  /** The answer so far (streamed tokens), or the Output's value once the run has ended. */
  readonly text: string;
  /** Why the run failed, as the server said it. */
  readonly error: string | null;
  readonly executionId: string | null;
  /** The tools the workflow's agents called on the way to this answer, in the order they ended (issue 23). */
  readonly tools?: readonly ChatToolCall[];
  /** The `id:` of the last stream event applied; lower ones are repeats after a reconnect. */
  readonly lastSeq: number;
  readonly at: number;
}

export type ChatMessage = UserMessage | AssistantMessage;

/** One tool call an agent made for a reply: a line above the answer. */
export interface ChatToolCall {
  /** The call's id (a step's `callId`), so a call held for approval and its end are one line. */
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  readonly status: 'success' | 'error' | 'waiting';
  /** What it returned, or its error, cut for the chat (the inspector has it whole). */
  readonly result?: string;
}

/** Longest result a chat line keeps: the inspector's steps show it whole. */
const RESULT_CHARS = 300;

/** A tool's result as a chat line shows it on demand: text as is, values as JSON, cut. */
export function resultText(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');
  return text.length > RESULT_CHARS ? `${text.slice(0, RESULT_CHARS - 1)}…` : text;
}

/** Adds or replaces (same id: an approval's end) a tool call of the reply. */
export function withToolCall(reply: AssistantMessage, call: ChatToolCall): AssistantMessage {
  const tools = reply.tools ?? [];
  const index = call.id ? tools.findIndex((t) => t.id === call.id) : -1;
  return { ...reply, tools: index < 0 ? [...tools, call] : tools.map((t, i) => (i === index ? call : t)) };
}

export const NO_ANSWER = 'The run ended without an answer: the Output node was skipped (the branch that feeds it was not taken).';
export const INTERRUPTED = 'The page was left before the answer came. The run went on: find it in the run history.';

export function isPending(message: ChatMessage): boolean {
  return message.role === 'assistant' && (message.status === 'starting' || message.status === 'waiting' || message.status === 'streaming');
}

/** A value reaching the Output as the chat shows it: text as is, anything else as JSON. */
export function answerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value, null, 2);
}

/**
 * Folds a batch of the run's stream into the reply: tokens of the node feeding the
 * Output grow the text (a retry starts it again), and `run:finished` replaces it with
 * the Output's value, or ends it with the run's error.
 */
export function foldReply(reply: AssistantMessage, batch: readonly SequencedEvent[], target: ChatTarget): AssistantMessage {
  let next = reply;
  for (const { seq, event } of batch) {
    if (seq !== null && seq <= next.lastSeq) continue;
    if (seq !== null) next = { ...next, lastSeq: seq };
    if (!isPending(next)) continue;
    switch (event.type) {
      case 'node:token':
        if (event.nodeId === target.answerSourceId) next = { ...next, status: 'streaming', text: next.text + event.text };
        break;
      case 'node:retrying':
        if (event.nodeId === target.answerSourceId) next = { ...next, status: 'waiting', text: '' };
        break;
      case 'node:step': {
        // Any agent's tool calls in the run (the one answering, or one before it).
        const { step } = event;
        if (step.kind !== 'tool') break;
        const status = step.status === 'error' ? 'error' : (step.status as string) === 'waiting' ? 'waiting' : 'success';
        const result = step.status === 'error' ? step.error : step.output;
        next = withToolCall(next, {
          id: step.callId ?? `step-${step.index}`,
          name: step.name,
          args: step.input,
          status,
          ...(result !== undefined ? { result: resultText(result) } : {}),
        });
        break;
      }
      case 'run:finished':
        next = ended(next, event.status, event.outputs, event.error ?? null, target);
        break;
      default:
        break;
    }
  }
  return next;
}

/** The reply from the stored execution, when the stream could not say how the run ended. */
export function settleReply(reply: AssistantMessage, detail: ExecutionDetail, target: ChatTarget): AssistantMessage {
  if (!isPending(reply) || (detail.status !== 'success' && detail.status !== 'error' && detail.status !== 'cancelled')) return reply;
  return ended(reply, detail.status, detail.outputs, detail.error, target);
}

/** A reply whose run could not start (or could not be followed): the reason in its place. */
export function failedReply(reply: AssistantMessage, error: string): AssistantMessage {
  return { ...reply, status: 'error', error };
}

/** Replies still pending when the conversation is read back after a reload can no longer be followed. */
export function interruptPending(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => (m.role === 'assistant' && isPending(m) ? failedReply(m, INTERRUPTED) : m));
}

/** A run that stopped at a tool call needing approval: the answer comes in that run, not in the chat. */
const WAITING = 'A tool call waits for approval. Approve or reject it above the canvas; the run goes on there.';

function ended(
  reply: AssistantMessage,
  status: 'success' | 'error' | 'cancelled' | 'waiting',
  outputs: Readonly<Record<string, unknown>>,
  error: string | null,
  target: ChatTarget,
): AssistantMessage {
  if (status === 'cancelled') return { ...reply, status: 'cancelled' };
  if (status === 'waiting') return { ...reply, status: 'error', error: WAITING };
  if (status === 'error') return { ...reply, status: 'error', error: error ?? 'The run failed.' };
  if (!Object.hasOwn(outputs, target.outputNodeId)) return { ...reply, status: 'error', error: NO_ANSWER };
  return { ...reply, status: 'done', text: answerText(outputs[target.outputNodeId]), error: null };
}
