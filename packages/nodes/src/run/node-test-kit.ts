import { configValueIssues, configWithDefaults, type LogLevel, type NodeRunContext, type NodeRunResult, type NodeStep } from '@weft/core';
import type { NodeType } from '../define-node.js';
import type { NodeServices } from '../node-services.js';
import type { DocumentService } from '../services/document-service.js';
import type { EmbeddingService } from '../services/embedding-service.js';
import type { FileService } from '../services/file-service.js';
import type { HttpService } from '../services/http-service.js';
import type { LlmService, TokenUsage } from '../services/llm-service.js';
import type { MailService } from '../services/mail-service.js';
import type { McpService } from '../services/mcp-service.js';
import type { SandboxService } from '../services/sandbox-service.js';
import type { ToolApprovalService } from '../services/tool-approval-service.js';
import type { VectorStoreService } from '../services/vector-store-service.js';
import type { WorkflowService } from '../services/workflow-service.js';
import type { ToolSource } from '../tools/agent-tool.js';

/**
 * Runs one node type's `run` the way the engine calls it, with services the test supplies
 * and the config with its definition's defaults filled in, as the server's plan-run.ts
 * hands it over (core `configWithDefaults`). A value that does not fit its field (an unknown
 * option, a number out of range) fails with core's message before `run`, as the host refuses
 * it; empty required fields reach `run`, so its own checks stay tested. LLM, HTTP and sandbox are the boundary to the
 * outside world; a test that needs one passes a small fake of it, and any other use fails loudly.
 */
export interface NodeRunHarness {
  readonly logs: { message: string; level: LogLevel }[];
  readonly tokens: string[];
  readonly usage: TokenUsage[];
  /** Steps the node reported (an Agent's model and tool calls), in the order they ended. */
  readonly steps: NodeStep[];
  run(args?: {
    inputs?: Record<string, unknown>;
    config?: Record<string, unknown>;
    runInput?: unknown;
    signal?: AbortSignal;
    tools?: readonly ToolSource[];
  }): Promise<NodeRunResult>;
}

export interface TestServices {
  llm?: LlmService;
  http?: HttpService;
  sandbox?: SandboxService;
  files?: FileService;
  documents?: DocumentService;
  embeddings?: EmbeddingService;
  vectors?: VectorStoreService;
  mail?: MailService;
  mcp?: McpService;
  workflows?: WorkflowService;
  params?: Record<string, unknown>;
  approvals?: ToolApprovalService;
}

export function nodeHarness(node: NodeType, services: TestServices = {}): NodeRunHarness {
  const logs: NodeRunHarness['logs'] = [];
  const tokens: string[] = [];
  const usage: TokenUsage[] = [];
  const steps: NodeStep[] = [];
  const nodeServices = testServices(services, (u) => usage.push(u));
  return {
    logs,
    tokens,
    usage,
    steps,
    async run({ inputs = {}, config = {}, runInput, signal = new AbortController().signal, tools = [] } = {}) {
      if (!node.run) throw new Error(`${node.type} has no run`);
      const ctx: NodeRunContext<NodeServices> = {
        runId: 'run-1',
        nodeId: 'n1',
        attempt: 1,
        signal,
        services: nodeServices,
        runInput,
        log: (message, level = 'info') => logs.push({ message, level }),
        emitToken: (text) => tokens.push(text),
        step: (step) => steps.push(step),
        now: () => Date.now(),
      };
      const runConfig = configWithDefaults(node, config);
      const [issue] = configValueIssues(node, runConfig);
      if (issue) throw new Error(issue.message);
      return node.run({ inputs, config: runConfig, ctx, tools });
    },
  };
}

/** NodeServices from the parts a test supplies; a part it did not supply throws when used. */
export function testServices(services: TestServices, recordUsage: (usage: TokenUsage) => void = () => {}): NodeServices {
  const missing = (name: string) => () => Promise.reject(new Error(`test gave no ${name} service`));
  return {
    llm: services.llm ?? { chat: missing('llm') },
    http: services.http ?? { request: missing('http') },
    sandbox: services.sandbox ?? { runFunctionBody: missing('sandbox') },
    files: services.files ?? { read: missing('files') },
    documents: services.documents ?? { parse: missing('documents'), split: missing('documents'), readFeed: missing('documents') },
    embeddings: services.embeddings ?? { embed: missing('embeddings') },
    vectors: services.vectors ?? { collection: missing('vectors'), store: missing('vectors'), query: missing('vectors') },
    mail: services.mail ?? { send: missing('mail') },
    mcp: services.mcp ?? { listTools: missing('mcp'), callTool: missing('mcp') },
    workflows: services.workflows ?? { describe: missing('workflows'), call: missing('workflows') },
    params: services.params ?? {},
    recordUsage,
    ...(services.approvals ? { approvals: services.approvals } : {}),
  };
}
