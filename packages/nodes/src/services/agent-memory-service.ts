import type { LlmMessage } from './llm-service.js';

/** How much of a conversation an Agent reads back (its Memory settings). */
export interface MemoryWindow {
  /** The last this many turns at most; 0: no turn limit. */
  readonly lastTurns: number;
  /** Estimated tokens (characters / 4) of the recalled messages at most, oldest turns dropped first; 0: no budget. */
  readonly tokenBudget: number;
}

/**
 * An Agent's memory of one conversation: the run's session (the run API's `sessionId`, a
 * webhook's `X-Weft-Session`, the editor's chat) in its workflow, owned by the run's owner.
 * The host builds it per run; absent when the run has no session, and then an Agent with
 * memory on simply starts afresh. A turn is every message of one Agent run: the task, the
 * model's tool calls, the tools' results and the answer, so a later turn can use an id a
 * tool returned.
 */
export interface AgentMemoryService {
  /** The session the run belongs to. */
  readonly sessionId: string;
  /** The earlier turns of this Agent node in the session, oldest first, within `window`. */
  recall(nodeId: string, window: MemoryWindow): Promise<readonly LlmMessage[]>;
  /** Stores one turn's messages at the end of the conversation. */
  remember(nodeId: string, messages: readonly LlmMessage[]): Promise<void>;
}
