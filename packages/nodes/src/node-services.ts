import type { NodeRunContext, NodeRunResult } from '@weft/core';
import type { AgentMemoryService } from './services/agent-memory-service.js';
import type { DocumentService } from './services/document-service.js';
import type { EmbeddingService } from './services/embedding-service.js';
import type { FileService } from './services/file-service.js';
import type { HttpService } from './services/http-service.js';
import type { LlmService, TokenUsage } from './services/llm-service.js';
import type { MailService } from './services/mail-service.js';
import type { McpService } from './services/mcp-service.js';
import type { SandboxService } from './services/sandbox-service.js';
import type { ToolApprovalService } from './services/tool-approval-service.js';
import type { VectorStoreService } from './services/vector-store-service.js';
import type { WorkflowService } from './services/workflow-service.js';
import type { ToolSource } from './tools/agent-tool.js';

/**
 * Everything a node implementation may do beyond computing: the host (apps/server)
 * builds one of these per run. Nodes never import an SDK, `fetch` or `fs`; they ask for
 * it here, so the engine and the nodes stay testable and the server keeps every
 * outbound call behind its guards (SSRF checks, sandbox limits, secret masking).
 */
export interface NodeServices {
  readonly llm: LlmService;
  readonly http: HttpService;
  readonly sandbox: SandboxService;
  readonly files: FileService;
  /** Parses files into documents and splits documents into chunks (document formats live in the server). */
  readonly documents: DocumentService;
  /** Text embeddings (OpenAI and OpenAI-compatible servers), behind the same outbound guard as `llm`. */
  readonly embeddings: EmbeddingService;
  /** The run owner's collections of the vector store. */
  readonly vectors: VectorStoreService;
  /** Sends e-mail over the SMTP server a node names, behind the same outbound guard as `http`. */
  readonly mail: MailService;
  /** Lists and calls the tools of MCP servers (the MCP Tools node), behind the same outbound guard as `http`. */
  readonly mcp: McpService;
  /** Runs the run owner's other workflows as sub-workflows (the Run Workflow node). */
  readonly workflows: WorkflowService;
  /** The workflow's global parameters, with `{{secrets.*}}` already resolved out of them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Adds LLM token usage to the run's record. */
  recordUsage(usage: TokenUsage): void;
  /** The conversation of the run's session, for Agents with memory on; absent when the run has no session. */
  readonly memory?: AgentMemoryService;
  /** Where an Agent's calls of tools that need approval wait; absent when the host cannot hold a run for a person. */
  readonly approvals?: ToolApprovalService;
}

/**
 * The arguments of a node implementation, as the engine passes them. `Config` is the
 * node's config type (core's `ConfigOf` of its fields); the engine's side sees any record.
 */
export interface NodeRunArgs<Config = Readonly<Record<string, unknown>>> {
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly config: Config;
  readonly ctx: NodeRunContext<NodeServices>;
  /** The nodes connected to this node's Tools input (an Agent's), with their types; absent or empty for most. */
  readonly tools?: readonly ToolSource[];
}

/** A node implementation: `run` of a node type. */
export type NodeRun<Config = Readonly<Record<string, unknown>>> = (args: NodeRunArgs<Config>) => Promise<NodeRunResult> | NodeRunResult;
