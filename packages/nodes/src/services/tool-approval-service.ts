/**
 * Tool calls that wait for a person (a tool node with *Require approval* on, the
 * document's `data.requireApproval`). An Agent whose model calls such a tool does not
 * call it: it hands the host its calls and what it needs to go on (`hold`), then throws
 * core's `NodeWaiting`, so the run ends `waiting`. The host stores both with the run
 * (masked: a secret is kept as its mask) and, once every held call is decided, runs the
 * workflow again with the finished nodes seeded; the Agent then finds its decisions in
 * `resumed` and goes on from where it stopped. Absent when the host cannot wait (a host
 * that runs nodes outside a stored run): an Agent with such a tool then fails before its first model call, saying so.
 */
export interface ToolApprovalService {
  /** What this Agent node stored when it stopped, with the people's decisions; undefined when the node is not resuming. */
  resumed(nodeId: string): ToolApprovalResume | undefined;
  /** Keeps the calls that wait and the Agent's state; stored when the run ends `waiting`. */
  hold(request: ToolApprovalHold): void;
}

/** One tool call that waits for a decision. */
export interface HeldToolCall {
  /** The model's id of the call. */
  readonly callId: string;
  /** The tool's name as the model knows it. */
  readonly toolName: string;
  /** The workflow node that is the tool. */
  readonly toolNodeId: string;
  /** The model's arguments, checked against the tool's parameters. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

export interface ToolApprovalHold {
  /** The Agent node. */
  readonly nodeId: string;
  readonly calls: readonly HeldToolCall[];
  /** The Agent's own state (JSON): given back as it was, masked, in `ToolApprovalResume.state`. */
  readonly state: unknown;
}

/** A person's decision on one held call. */
export interface ToolDecision {
  readonly callId: string;
  readonly approved: boolean;
  /** Why, when they gave a reason (a rejection's goes to the model). */
  readonly reason?: string;
  /** Who decided, as the run log names them. */
  readonly decidedBy: string;
}

export interface ToolApprovalResume {
  readonly state: unknown;
  readonly decisions: readonly ToolDecision[];
}
