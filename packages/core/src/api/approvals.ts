/**
 * Tool approvals (docs/API.md "Tool approvals"): an Agent's call of a tool with *Require
 * approval* on waits for its owner's decision while its execution is `waiting`.
 */

/** `cancelled`: the run ended (cancelled, failed) before anyone decided. */
export const TOOL_APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ToolApprovalStatus = (typeof TOOL_APPROVAL_STATUSES)[number];

/** The longest reason a person may give with a decision. */
export const MAX_APPROVAL_REASON_LENGTH = 2000;

/** One waiting (or decided) tool call, as the API shows it. */
export interface ToolApproval {
  id: string;
  executionId: string;
  workflowId: string;
  workflowName: string;
  /** The Agent node that called the tool. */
  nodeId: string;
  /** The node that is the tool, and its name as the model knows it. */
  toolNodeId: string;
  toolName: string;
  /** The model's arguments, masked like every stored run value. */
  arguments: Record<string, unknown>;
  status: ToolApprovalStatus;
  /** Who decided (the account's e-mail, or the API key's name), when, and why. */
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  createdAt: string;
}
