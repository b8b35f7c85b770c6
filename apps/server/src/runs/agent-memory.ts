import { randomUUID } from 'node:crypto';
import type { AgentMemoryService, LlmMessage, MemoryWindow } from '@weft/nodes';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';

/** A conversation of a workflow as its owner lists it. */
export interface ConversationSummary {
  readonly sessionId: string;
  readonly turns: number;
  readonly firstAt: string;
  readonly lastAt: string;
  /** The first thing the user said in it (its first turn's task), cut to {@link PREVIEW_LENGTH}; empty when none was text. */
  readonly preview: string;
}

/** One remembered turn of an Agent node: what its memory holds, as its owner reads it back. */
export interface ConversationTurn {
  readonly nodeId: string;
  readonly seq: number;
  readonly at: string;
  /** The turn's messages: the task, the tool calls and their results, the answer last. */
  readonly messages: readonly LlmMessage[];
}

/** Longest preview of a conversation in its list. */
const PREVIEW_LENGTH = 120;

/** Longest session id accepted (the column's size). */
export const MAX_SESSION_ID_LENGTH = 200;

/** A session id as callers send it: 1 to 200 printable characters; else why not. */
export function sessionIdProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length < 1 || value.length > MAX_SESSION_ID_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    return `A session id must be 1 to ${MAX_SESSION_ID_LENGTH} printable characters without spaces, such as a UUID`;
  }
  return undefined;
}

/** Characters per estimated token, for the memory's token budget. */
const CHARS_PER_TOKEN = 4;

/**
 * Agent memory (table `agent_memory`, migration 0020): the turns of each Agent node in a
 * conversation, keyed by (workflow, session id) and owned by the run's owner. Runs get a
 * per-run {@link AgentMemoryService} from `forRun`; the owner lists and deletes
 * conversations through `list` and `delete` (another user's workflow: nothing, as missing).
 */
export class AgentMemoryStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Whether the workflow is the user's (the workflows room answers). */
    readonly owns: (userId: string, workflowId: string) => Promise<boolean>,
  ) {}

  /**
   * The memory of one run. `mask` takes the run's secret values out of what is stored, as
   * the run's own record does: a secret a tool returned is remembered as the mask.
   */
  forRun(userId: string, workflowId: string, sessionId: string, mask?: <T>(value: T) => T): AgentMemoryService {
    return {
      sessionId,
      recall: (nodeId, window) => this.recall(userId, workflowId, sessionId, nodeId, window),
      remember: (nodeId, messages) => this.remember(userId, workflowId, sessionId, nodeId, mask ? mask(messages) : messages),
    };
  }

  async recall(userId: string, workflowId: string, sessionId: string, nodeId: string, window: MemoryWindow): Promise<LlmMessage[]> {
    let query = this.db
      .selectFrom('agent_memory')
      .select(['messages', 'chars'])
      .where('workflow_id', '=', workflowId)
      .where('session_id', '=', sessionId)
      .where('node_id', '=', nodeId)
      .where('user_id', '=', userId)
      .orderBy('seq', 'desc');
    if (window.lastTurns > 0) query = query.limit(window.lastTurns);
    const rows = await query.execute();
    // Newest first: keep turns while they fit the budget, then put them back in order.
    const kept: string[] = [];
    let chars = 0;
    for (const row of rows) {
      if (window.tokenBudget > 0 && (chars + row.chars) / CHARS_PER_TOKEN > window.tokenBudget) break;
      chars += row.chars;
      kept.push(row.messages);
    }
    return kept.reverse().flatMap((text) => JSON.parse(text) as LlmMessage[]);
  }

  async remember(userId: string, workflowId: string, sessionId: string, nodeId: string, messages: readonly LlmMessage[]): Promise<void> {
    const text = JSON.stringify(messages);
    const conversation = { workflow_id: workflowId, session_id: sessionId, node_id: nodeId };
    // Two runs of one session at once: the unique (conversation, seq) index makes the later one take the next number.
    for (let attempt = 0; ; attempt++) {
      const last = await this.db
        .selectFrom('agent_memory')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('workflow_id', '=', workflowId)
        .where('session_id', '=', sessionId)
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      try {
        await this.db
          .insertInto('agent_memory')
          .values({ id: randomUUID(), ...conversation, user_id: userId, seq, messages: text, chars: text.length, created_at: this.clock.now().toISOString() })
          .execute();
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** A workflow's conversations, newest first; empty for a workflow that is not the user's. */
  async list(userId: string, workflowId: string): Promise<ConversationSummary[]> {
    const rows = await this.db
      .selectFrom('agent_memory')
      .select((eb) => ['session_id', eb.fn.countAll<number>().as('turns'), eb.fn.min('created_at').as('first_at'), eb.fn.max('created_at').as('last_at')])
      .where('workflow_id', '=', workflowId)
      .where('user_id', '=', userId)
      .groupBy('session_id')
      .orderBy('last_at', 'desc')
      .limit(1000)
      .execute();
    const previews = await this.previews(
      userId,
      workflowId,
      rows.map((row) => row.session_id),
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      turns: Number(row.turns),
      firstAt: String(row.first_at),
      lastAt: String(row.last_at),
      preview: previews.get(row.session_id) ?? '',
    }));
  }

  /** Each session's first user text, from the first turns (seq 1) of its nodes, the earliest first. */
  private async previews(userId: string, workflowId: string, sessionIds: readonly string[]): Promise<Map<string, string>> {
    const previews = new Map<string, string>();
    if (sessionIds.length === 0) return previews;
    const rows = await this.db
      .selectFrom('agent_memory')
      .select(['session_id', 'messages'])
      .where('workflow_id', '=', workflowId)
      .where('user_id', '=', userId)
      .where('seq', '=', 1)
      .where('session_id', 'in', sessionIds)
      .orderBy('created_at', 'asc')
      .execute();
    for (const row of rows) {
      if (previews.has(row.session_id)) continue;
      const first = (JSON.parse(row.messages) as LlmMessage[]).find((message) => message.role === 'user');
      if (first?.role === 'user') previews.set(row.session_id, first.text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH));
    }
    return previews;
  }

  /** A conversation's turns in the order they were kept (every Agent node's); null when the user has none by that id. */
  async turns(userId: string, workflowId: string, sessionId: string): Promise<ConversationTurn[] | null> {
    const rows = await this.db
      .selectFrom('agent_memory')
      .select(['node_id', 'seq', 'created_at', 'messages'])
      .where('workflow_id', '=', workflowId)
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .execute();
    if (rows.length === 0) return null;
    return rows.map((row) => ({ nodeId: row.node_id, seq: Number(row.seq), at: String(row.created_at), messages: JSON.parse(row.messages) as LlmMessage[] }));
  }

  /** Forgets one conversation; false when the user has none by that id in that workflow. */
  async delete(userId: string, workflowId: string, sessionId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('agent_memory')
      .where('workflow_id', '=', workflowId)
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
