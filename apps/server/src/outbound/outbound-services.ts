import type { EmbeddingService, LlmService } from '@weft/nodes';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { ContentWork } from '../content-work/content-work.js';
import { createEmbeddingService } from '../llm/embedding-service.js';
import { createLlmService } from '../llm/llm-service.js';
import { createGuardedFetch, type GuardedFetch } from './guarded-fetch.js';
import { type ClosableHttpService, createHttpService } from './http-service.js';
import { createMailService, type ServerMailService } from './mail-service.js';

/** A model may think for minutes; the node's own timeout usually ends a call first. */
const LLM_TIMEOUT_MS = 10 * 60_000;

export interface OutboundServices {
  readonly http: ClosableHttpService;
  readonly llm: LlmService;
  readonly embeddings: EmbeddingService;
  /** SMTP for the Send E-mail node: the same address policy, checked on the resolved address. */
  readonly mail: ServerMailService;
  /** The guarded fetch for SDKs that speak their own protocol over HTTP (MCP, ../mcp/mcp-client.ts); each call sets its timeout. */
  readonly protocolFetch: GuardedFetch;
  /** Closes pooled connections (at shutdown). */
  close(): Promise<void>;
}

/**
 * The HTTP, LLM, embedding and mail services for NodeServices, all behind the outbound guard with
 * the operator's settings. One instance per process: they pool connections. With `content`
 * (the content workers), large JSON answers and mail HTML are handled away from the event loop.
 */
export function createOutboundServices(
  config: Pick<Config, 'allowPrivateNetwork' | 'allowedPrivateHosts' | 'httpMaxResponseBytes'>,
  logger?: Logger,
  content?: ContentWork,
): OutboundServices {
  const policy = {
    allowPrivateNetwork: config.allowPrivateNetwork,
    allowedPrivateHosts: config.allowedPrivateHosts,
    maxResponseBytes: config.httpMaxResponseBytes,
  };
  const http = createHttpService({ ...policy, ...(content ? { parseJson: (text, options) => content.parseJson(text, options) } : {}) });
  const llmFetch = createGuardedFetch({ ...policy, timeoutMs: LLM_TIMEOUT_MS });
  const protocolFetch = createGuardedFetch(policy);
  return {
    http,
    llm: createLlmService(llmFetch),
    embeddings: createEmbeddingService(llmFetch),
    mail: createMailService({
      ...policy,
      ...(logger ? { logger } : {}),
      ...(content ? { cleanHtml: (html, text, options) => content.cleanMailHtml(html, text, options) } : {}),
    }),
    protocolFetch,
    close: async () => {
      await Promise.all([http.close(), llmFetch.close(), protocolFetch.close()]);
    },
  };
}
