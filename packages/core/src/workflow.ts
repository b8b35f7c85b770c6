import { z } from 'zod';
import { DATA_TYPES } from './data-types.js';
import { nodeSettingsSchema } from './node-settings.js';
import { runDataModeSchema } from './run-data.js';

/** Version of the stored workflow document; migrations upgrade older documents. */
export const WORKFLOW_SCHEMA_VERSION = 1;

export const DEFAULT_WORKFLOW_NAME = 'My First Automation';
export const UNTITLED_WORKFLOW_NAME = 'Untitled Workflow';

const id = z.string().min(1).max(200);

/**
 * Names that objects inherit: run inputs and outputs are keyed by node id, and a node called
 * `__proto__` would lose its output into the prototype instead of failing.
 */
const RESERVED_IDS = new Set(['__proto__', 'constructor', 'prototype']);
const nodeId = id.refine((value) => !RESERVED_IDS.has(value), { message: 'This node id is reserved (__proto__, constructor and prototype are); use another' });

export const workflowNodeSchema = z.object({
  id: nodeId,
  type: z.literal('custom').default('custom'),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z.object({
    label: z.string().max(200),
    type: z.string().min(1).max(200),
    version: z.number().int().positive().optional(),
    config: z.record(z.string(), z.unknown()).default({}),
    status: z.string().optional(),
    /** What the node is for, in the user's words; an Agent reads it as the description of a tool node. */
    description: z.string().max(2000).optional(),
    /** A node connected to an Agent's Tools input: each call the model makes waits for a person's approval. */
    requireApproval: z.boolean().optional(),
    /** How the engine runs this node: retries and timeout (node-settings.ts). Absent: the defaults. */
    settings: nodeSettingsSchema.optional(),
  }),
});

export const workflowEdgeSchema = z.object({
  id,
  source: id,
  sourceHandle: z.string().min(1).max(200),
  target: id,
  targetHandle: z.string().min(1).max(200),
  type: z.string().default('custom'),
  data: z
    .object({ type: z.enum(DATA_TYPES) })
    .partial()
    .default({}),
});

export const globalParameterSchema = z.object({
  key: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Parameter keys use letters, digits and _ and do not start with a digit'),
  value: z.string().max(100_000),
  description: z.string().max(1000).default(''),
});

/** The document a user edits, stores, exports and imports. */
export const workflowDocumentSchema = z.object({
  schemaVersion: z.number().int().positive().default(WORKFLOW_SCHEMA_VERSION),
  name: z.string().trim().min(1, 'Workflow name is required').max(200),
  nodes: z.array(workflowNodeSchema).max(5000).default([]),
  edges: z.array(workflowEdgeSchema).max(10000).default([]),
  globalParameters: z.record(z.string(), globalParameterSchema).default({}),
  /**
   * Pinned outputs by node id, then output port (like n8n's pinData): a pinned node is
   * not called on manual runs and these values flow downstream instead (pinned-data.ts).
   */
  pinData: z.record(nodeId, z.record(z.string().min(1).max(200), z.unknown())).optional(),
  /** Workflow-wide settings; absent ones take the instance's defaults. */
  settings: z
    .object({
      /** How much a successful run keeps (run-data.ts); absent: WEFT_SUCCESSFUL_RUN_DATA. */
      successfulRunData: runDataModeSchema.optional(),
    })
    .optional(),
});

export type WorkflowNode = z.infer<typeof workflowNodeSchema>;
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;
export type GlobalParameter = z.infer<typeof globalParameterSchema>;
export type WorkflowDocument = z.infer<typeof workflowDocumentSchema>;

/** An empty workflow as the editor starts it. */
export function emptyWorkflow(name: string = DEFAULT_WORKFLOW_NAME): WorkflowDocument {
  return { schemaVersion: WORKFLOW_SCHEMA_VERSION, name, nodes: [], edges: [], globalParameters: {} };
}
