import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cancelledRequestIds, DEFAULT_CALL_TIMEOUT_MS, isInitialize, McpCalls, mcpCallKey, type SharedCallStore } from '../../mcp/mcp-calls.js';
import type { McpCaller, McpEndpointDeps } from '../../mcp/mcp-endpoint.js';
import { MAX_TOOL_DESCRIPTION, type McpToolsService } from '../../mcp/mcp-tools.service.js';
import { TOOL_NAME_PATTERN, TOOL_NAME_RULE } from '../../mcp/workflow-tool.js';
import { LARGE_BODY_LIMIT } from '../body-guard.js';
import { requireCaller } from '../caller-auth.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http-error.js';
import { requireAuth } from '../session-auth.js';
import { parseInput } from '../validate.js';
import { WORKFLOW_NOT_FOUND } from './workflow-run.routes.js';

export interface McpRoutesDeps extends Omit<McpEndpointDeps, 'calls'> {
  tools: McpToolsService;
  /** Scale-out: Redis and its key prefix, where calls note their runs for the other API processes. */
  shared?: { store: SharedCallStore; prefix: string } | undefined;
  /** Where clients reach Weft (PUBLIC_URL), to show the endpoint's whole address. */
  publicUrl: string;
}

/** The SDK (about 80 ms to import) is loaded by the first MCP request, not at start (bench/cold-start.bench.mjs). */
let endpointModule: Promise<typeof import('../../mcp/mcp-endpoint.js')> | undefined;
const loadEndpoint = () => {
  endpointModule ??= import('../../mcp/mcp-endpoint.js');
  return endpointModule;
};

/** The path MCP clients are given. */
export const MCP_PATH = '/api/mcp';

export const MCP_NEEDS_KEY_MESSAGE =
  'The MCP endpoint takes an API key: create one in Settings → API keys and send it as "Authorization: Bearer wk_…" in your MCP client’s settings.';

const idParams = z.object({ id: z.string().min(1).max(100) });
const exposeBody = z.object({
  name: z.string({ error: TOOL_NAME_RULE }).regex(TOOL_NAME_PATTERN, { error: TOOL_NAME_RULE }).optional(),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(MAX_TOOL_DESCRIPTION, { error: `Keep the description under ${MAX_TOOL_DESCRIPTION} characters: a model reads it on every call` })
    .optional(),
});

/**
 * MCP (docs/API.md "MCP"): the endpoint MCP clients call with an API key, and the owner's
 * choice of which workflows it offers as tools (session only: a key cannot publish).
 */
export function mcpRoutes(app: FastifyInstance, deps: McpRoutesDeps): void {
  const { tools } = deps;
  // A call's note outlives its wait by a minute, then Redis forgets it.
  const ttlSeconds = Math.ceil((deps.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS) / 1000) + 60;
  const calls = new McpCalls(deps.shared ? { ...deps.shared, ttlSeconds } : undefined);
  const endpoint: McpEndpointDeps = { ...deps, calls };

  // Judged before the body is read, with the header that tells a client to send a bearer key.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      mcpCaller(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="weft"');
      throw error;
    }
  };
  // Streamable HTTP, stateless: every JSON-RPC message is a POST answered on its own.
  // Arguments are run inputs: as large as the run route takes (a document pasted in, say).
  app.post(MCP_PATH, { onRequest, bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => answerMcp(endpoint, request, reply));
  // No server-initiated stream (nothing is announced) and no session to end: 405, as the transport's spec allows.
  const noStream = async (_request: FastifyRequest, reply: FastifyReply) => {
    return reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server answers each POST on its own and keeps no session.' },
        id: null,
      });
  };
  app.get(MCP_PATH, { onRequest }, noStream);
  app.delete(MCP_PATH, { onRequest }, noStream);

  app.get('/api/mcp/tools', async (request) => {
    const { user } = requireAuth(request);
    return { endpoint: `${deps.publicUrl}${MCP_PATH}`, tools: await tools.list(user.id) };
  });

  app.get('/api/workflows/:id/mcp', async (request) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const result = await tools.get(user.id, id);
    if (!result.ok) throw notFound(WORKFLOW_NOT_FOUND);
    return { tool: result.tool };
  });

  app.put('/api/workflows/:id/mcp', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(exposeBody, request.body ?? {});
    const result = await tools.expose(user.id, id, body);
    if (!result.ok) {
      if (result.reason === 'not_found') throw notFound(WORKFLOW_NOT_FOUND);
      if (result.reason === 'name_taken') throw conflict(result.message, 'name_taken');
      throw badRequest(result.message, 'invalid_input');
    }
    return reply.code(result.created ? 201 : 200).send({ tool: result.tool });
  });

  app.delete('/api/workflows/:id/mcp', async (request, reply) => {
    const { user } = requireAuth(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await tools.remove(user.id, id))) throw notFound(WORKFLOW_NOT_FOUND);
    return reply.code(204).send();
  });
}

/** The key's owner and its workflows; a session is refused (MCP clients keep a key in their settings). */
function mcpCaller(request: FastifyRequest): McpCaller {
  const caller = requireCaller(request, { allowApiKey: true, workflowScoped: true });
  if (caller.via !== 'api-key' || caller.apiKeyId === undefined) throw forbidden(MCP_NEEDS_KEY_MESSAGE);
  const session = request.headers['mcp-session-id'];
  return {
    userId: caller.user.id,
    email: caller.user.email,
    workflowIds: caller.workflowIds,
    apiKeyId: caller.apiKeyId,
    sessionId: typeof session === 'string' && session.length <= 200 ? session : undefined,
  };
}

/**
 * Hands the request to the SDK's transport as a web Request (the body as Fastify parsed
 * and checked it) and sends its Response back through Fastify, so the security headers,
 * logs and error shape stay Weft's. The server lives as long as the answer: when the
 * client goes away first, closing it aborts the call, which cancels the run.
 */
async function answerMcp(deps: McpEndpointDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const caller = mcpCaller(request);
  // A cancellation arrives on its own POST: stop the call (here, or its run when another
  // process answers it), then let the SDK answer 202.
  for (const id of cancelledRequestIds(request.body)) {
    const found = await deps.calls.cancel(mcpCallKey(caller.apiKeyId, caller.sessionId, id));
    if (found && found !== 'here' && found.userId === caller.userId) await deps.runs.cancel(caller.userId, found.executionId);
  }
  const { mcpServerFor, statelessTransport } = await loadEndpoint();
  const server = mcpServerFor(deps, caller);
  const transport = statelessTransport();
  await server.connect(transport);
  reply.raw.on('close', () => {
    server.close().catch((error: unknown) => deps.logger.warn({ err: error }, 'MCP server did not close cleanly'));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const webRequest = new Request(`http://weft${request.url}`, { method: 'POST', headers });
  const response = await transport.handleRequest(webRequest, { parsedBody: request.body });
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  // A session id with nothing kept behind it: clients send it back, so their calls can be told apart for cancelling.
  if (response.ok && isInitialize(request.body)) reply.header('mcp-session-id', randomUUID());
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
}
