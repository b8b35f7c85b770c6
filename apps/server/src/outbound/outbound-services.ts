import type { HttpService, LlmService } from '@weft/nodes';
import type { Config } from '../config.js';
import { createLlmService } from '../llm/llm-service.js';
import { createGuardedFetch } from './guarded-fetch.js';
import { createHttpService } from './http-service.js';

/** A model may think for minutes; the node's own timeout usually ends a call first. */
const LLM_TIMEOUT_MS = 10 * 60_000;

export interface OutboundServices {
  readonly http: HttpService;
  readonly llm: LlmService;
  /** Closes pooled connections (at shutdown). */
  close(): Promise<void>;
}

/**
 * The HTTP and LLM services for NodeServices, both behind the outbound guard with the
 * operator's settings. One instance per process: they pool connections.
 */
export function createOutboundServices(config: Pick<Config, 'allowPrivateNetwork' | 'allowedPrivateHosts' | 'httpMaxResponseBytes'>): OutboundServices {
  const policy = {
    allowPrivateNetwork: config.allowPrivateNetwork,
    allowedPrivateHosts: config.allowedPrivateHosts,
    maxResponseBytes: config.httpMaxResponseBytes,
  };
  const http = createHttpService(policy);
  const llmFetch = createGuardedFetch({ ...policy, timeoutMs: LLM_TIMEOUT_MS });
  return {
    http,
    llm: createLlmService(llmFetch),
    close: async () => {
      await Promise.all([http.close(), llmFetch.close()]);
    },
  };
}
