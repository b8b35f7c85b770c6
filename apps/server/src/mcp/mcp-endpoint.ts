import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { RunEvent } from '@weft/core';
import type { Logger } from 'pino';
import type { ExecutionDetail } from '../runs/execution-types.js';
import type { RunService } from '../runs/run.service.js';
import type { LoadedWorkflow } from '../workflows/workflow-document.js';
import { DEFAULT_CALL_TIMEOUT_MS, type McpCalls, mcpCallKey } from './mcp-calls.js';
import type { CallableTool, McpToolsService } from './mcp-tools.service.js';
import { runInputsOf, type ToolCallResult, toolInputSchema, toolResultOf } from './workflow-tool.js';

/** What the endpoint needs of the runs room. */
export type McpRuns = Pick<RunService, 'start' | 'waitFor' | 'cancel' | 'watch'>;

export interface McpEndpointDeps {
  tools: McpToolsService;
  runs: McpRuns;
  logger: Logger;
  /** The calls this process answers, for clients' cancellations. */
  calls: McpCalls;
  /** How long a call waits for its run before answering that it goes on; 5 minutes unless a test says less. */
  callTimeoutMs?: number;
}

/**
 * The server's name and the version of what it offers over MCP (the tools' shape: run
 * inputs as text arguments, Output nodes as the result), raised when that changes.
 */
export const MCP_SERVER_INFO = { name: 'weft', title: 'Weft workflows', version: '1.0.0' } as const;

/** Who calls: the API key's owner, and the workflows the key is limited to (null: all). */
export interface McpCaller {
  userId: string;
  email: string;
  workflowIds: readonly string[] | null;
  apiKeyId: string;
  /** The client's `Mcp-Session-Id`, when it sent one: tells its calls from other clients' with the same key. */
  sessionId: string | undefined;
}

/** What a handler is given by the SDK for one request. */
interface CallExtra {
  signal: AbortSignal;
  requestId: string | number;
  _meta?: { progressToken?: string | number } | undefined;
  sendNotification: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

const ENDED_NODE_EVENTS = new Set<RunEvent['type']>(['node:finished', 'node:failed', 'node:skipped']);

/**
 * One validator for every request's server: the SDK would build an Ajv instance per server
 * otherwise, 0.16 ms of CPU on every call (bench/mcp.bench.mjs), for schemas (elicitation)
 * this server never asks for.
 */
const sharedValidator = new AjvJsonSchemaValidator();

/** A transport for one POST: stateless (no session kept), answering over SSE. */
export function statelessTransport(): WebStandardStreamableHTTPServerTransport {
  return new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
}

/**
 * One MCP server for one HTTP request (Streamable HTTP, stateless: any API process answers
 * any request, nothing is kept between them). `tools/list` names the caller's exposed
 * workflows; `tools/call` runs one as an ordinary execution (trigger `mcp`) and answers
 * its Output nodes. A call that the client abandons (its request cancelled, the
 * connection closed) cancels the run.
 */
export function mcpServerFor(deps: McpEndpointDeps, caller: McpCaller): McpServer {
  const server = new McpServer(
    { ...MCP_SERVER_INFO },
    {
      capabilities: { tools: { listChanged: false } },
      jsonSchemaValidator: sharedValidator,
      instructions: `Each tool runs one of ${caller.email}'s Weft workflows; a call waits for the run and answers with what its Output nodes receive.`,
    },
  );
  server.server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = await deps.tools.callable(caller.userId, caller.workflowIds);
    const listed = [];
    for (const tool of tools) {
      // A workflow this server cannot read (saved by a newer one) is left out rather than offered broken.
      if ('problem' in tool.workflow) continue;
      // The workflow's name is the title clients show people; the name is what the model calls.
      listed.push({ name: tool.name, title: tool.workflow.name, description: tool.description, inputSchema: toolInputSchema(tool.args) });
    }
    return { tools: listed };
  });
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const [tool] = await deps.tools.callable(caller.userId, caller.workflowIds, request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names the tools this key may call.`);
    return callTool(deps, caller, tool, request.params.arguments, extra as CallExtra);
  });
  return server;
}

async function callTool(
  deps: McpEndpointDeps,
  caller: McpCaller,
  tool: CallableTool,
  args: Record<string, unknown> | undefined,
  extra: CallExtra,
): Promise<ToolCallResult> {
  const failed = (text: string): ToolCallResult => ({ content: [{ type: 'text', text }], isError: true });
  if ('problem' in tool.workflow) return failed(tool.workflow.problem);
  const workflow = tool.workflow;
  const inputs = runInputsOf(tool.args, args);
  if (!inputs.ok) return failed(inputs.message);
  const key = mcpCallKey(caller.apiKeyId, caller.sessionId, extra.requestId);
  const registered = deps.calls.begin(key);
  try {
    const signal = AbortSignal.any([extra.signal, registered.signal]);
    return await runTool(deps, caller, workflow, inputs.inputs, { ...extra, signal }, (executionId) =>
      deps.calls.noteRun(key, { userId: caller.userId, executionId }),
    );
  } finally {
    await registered.end().catch((error: unknown) => deps.logger.warn({ err: error }, 'Could not forget a finished MCP call'));
  }
}

async function runTool(
  deps: McpEndpointDeps,
  caller: McpCaller,
  workflow: LoadedWorkflow,
  inputs: Record<string, unknown>,
  extra: CallExtra,
  noteRun: (executionId: string) => Promise<void>,
): Promise<ToolCallResult> {
  if (extra.signal.aborted) return { content: [{ type: 'text', text: 'The call was cancelled before the workflow started.' }], isError: true };
  const started = await deps.runs.start({ userId: caller.userId, workflowId: workflow.id, trigger: 'mcp', inputs, answerWanted: true, workflow });
  if (!started.ok) return { content: [{ type: 'text', text: started.message }], isError: true };
  const executionId = started.execution.id;
  // Scale-out: a cancellation landing on another API process finds the run by this note.
  await noteRun(executionId).catch((error: unknown) => deps.logger.warn({ err: error, executionId }, 'Could not note an MCP call for other processes'));
  const cancel = () => {
    deps.runs
      .cancel(caller.userId, executionId)
      .catch((error: unknown) => deps.logger.error({ err: error, executionId }, 'Could not cancel an abandoned MCP call'));
  };
  extra.signal.addEventListener('abort', cancel, { once: true });
  const labels = new Map(workflow.parsed.nodes.map((node) => [node.id, node.data.label ?? node.id]));
  const stopProgress = await reportProgress(deps, caller, executionId, labels, extra);
  const startedAt = Date.now();
  let detail: ExecutionDetail;
  try {
    detail = await deps.runs.waitFor(executionId, deps.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS);
  } finally {
    extra.signal.removeEventListener('abort', cancel);
    stopProgress();
  }
  return toolResultOf(workflow.parsed.nodes, detail, Date.now() - startedAt);
}

/**
 * Sends `notifications/progress` as the run's nodes end, when the client asked for
 * progress (a progress token): the count of ended nodes out of all. Clients may reset
 * their request timeout on each (the SDK's `resetTimeoutOnProgress`), so a long workflow
 * is not given up on while it is visibly moving.
 */
async function reportProgress(
  deps: McpEndpointDeps,
  caller: McpCaller,
  executionId: string,
  labels: ReadonlyMap<string, string>,
  extra: CallExtra,
): Promise<() => void> {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => {};
  let ended = 0;
  const stop = await deps.runs.watch(caller.userId, executionId, 0, {
    event: (_seq, event) => {
      if (!ENDED_NODE_EVENTS.has(event.type) || !('nodeId' in event)) return;
      ended += 1;
      const message = `${labels.get(event.nodeId) ?? event.nodeId}: ${event.type.slice('node:'.length)}`;
      const params = { progressToken: token, progress: ended, total: labels.size, message };
      extra.sendNotification({ method: 'notifications/progress', params }).catch(() => {
        // The client went away; the abort signal cancels the run.
      });
    },
    end: () => {},
  });
  return stop ?? (() => {});
}
