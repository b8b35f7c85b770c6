import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKeysService, looksLikeApiKey, type ResolvedApiKey } from '../accounts/api-keys.service.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from './http-error.js';
import { API_KEY_NOT_ALLOWED_MESSAGE, requireAuth } from './session-auth.js';

export interface Caller {
  user: UserRow;
  via: 'bearer' | 'cookie' | 'api-key';
  /** Set when the caller came with an API key. */
  apiKeyId?: string;
  /**
   * The workflows the caller may call, when its API key is limited to some; null: every
   * workflow of the user (sessions, and keys for every workflow).
   */
  workflowIds: readonly string[] | null;
}

export interface CallerOptions {
  allowApiKey: boolean;
  /**
   * The route checks a key's workflow list itself (it runs or reads one workflow, or lists
   * only the key's). Without it a key limited to some workflows is refused with 403: it
   * was given to call those workflows, not to reach the rest of the account.
   */
  workflowScoped?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What an `Authorization: Bearer wk_…` header resolved to; null without one. */
    apiKey: ResolvedApiKey | null;
  }
}

export const REVOKED_KEY_MESSAGE = 'This API key was revoked. Create a new one in Settings → API keys.';
export const SCOPED_KEY_MESSAGE =
  'This API key may only run the workflows it is limited to and read their executions. Use a key for every workflow here (Settings → API keys).';
export const UNKNOWN_KEY_MESSAGE = 'This API key is not valid. Check that it was copied whole, or create a new one in Settings → API keys.';

/**
 * Resolves `Authorization: Bearer wk_…` API keys; registered after registerSessionAuth,
 * which leaves such headers alone. Resolution is one indexed lookup by SHA-256, so a
 * script calling in a loop costs no more than a session would.
 */
export function registerApiKeyAuth(app: FastifyInstance, apiKeys: ApiKeysService): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const bearer = header.slice(7).trim();
    if (looksLikeApiKey(bearer)) {
      request.apiKey = await apiKeys.resolve(bearer);
    } else if (bearer.startsWith(API_KEY_PREFIX) && !request.auth) {
      // A cut-off key (wrong length) that was not a session either: say it is a bad key.
      request.apiKey = { status: 'unknown' };
    }
  });
}

/** Whether the caller may call this workflow: always, unless its key is limited to others. */
export function mayCallWorkflow(caller: Caller, workflowId: string): boolean {
  return caller.workflowIds === null || caller.workflowIds.includes(workflowId);
}

/**
 * The caller of a route: a session (bearer or cookie, as requireAuth) or, where the route
 * allows it, an API key. Keys are refused with 403 on every other route, before they are
 * judged, so those routes tell nothing about whether a key is valid.
 */
export function requireCaller(request: FastifyRequest, options: CallerOptions): Caller {
  const key = request.apiKey;
  if (!key) {
    const { user, via } = requireAuth(request);
    return { user, via, workflowIds: null };
  }
  if (!options.allowApiKey) throw forbidden(API_KEY_NOT_ALLOWED_MESSAGE);
  switch (key.status) {
    case 'ok':
      if (key.workflowIds !== null && options.workflowScoped !== true) throw forbidden(SCOPED_KEY_MESSAGE);
      return { user: key.user, via: 'api-key', apiKeyId: key.keyId, workflowIds: key.workflowIds };
    case 'revoked':
      throw unauthorized(REVOKED_KEY_MESSAGE);
    case 'unknown':
      throw unauthorized(UNKNOWN_KEY_MESSAGE);
  }
}
