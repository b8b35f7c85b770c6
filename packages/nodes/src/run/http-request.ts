import { formatBytes } from '@weft/core';
import type { HttpRequestConfig } from '../http-request.node.js';
import type { NodeRunArgs } from '../node-services.js';
import { buildHttpRequest } from './http-request-spec.js';

/**
 * Sends the request through the host's guarded HTTP service and emits the body, parsed
 * as JSON or as text. Logs one line per call; the credential never appears in it.
 */
export async function runHttpRequest({ inputs, config, ctx }: NodeRunArgs<HttpRequestConfig>) {
  const { responseAs } = config;
  const spec = buildHttpRequest(config, { input: inputs.input, params: ctx.services.params });
  const response = await ctx.services.http.request(spec, { signal: ctx.signal });
  ctx.log(`${spec.method} ${spec.url} → ${response.status} (${formatBytes(byteLength(response.body))})`);

  if (response.status >= 400 && config.failOnErrorStatus) {
    const excerpt = response.body.length > 200 ? `${response.body.slice(0, 200)}…` : response.body;
    throw new Error(`${spec.method} ${spec.url} answered ${response.status}${excerpt.trim() ? `: ${excerpt}` : ''}`);
  }
  if (responseAs === 'text') return { outputs: { output: response.body } };
  // HEAD, 204 and friends have no body; null says "nothing" without failing the parse.
  if (response.body.trim() === '') return { outputs: { output: null } };
  try {
    // The host's parse keeps a large answer off its event loop; a host without one leaves it here.
    return { outputs: { output: response.json ? await response.json() : (JSON.parse(response.body) as unknown) } };
  } catch (error) {
    // A limit the host applies, or a cancel, says itself; only bad syntax is explained here.
    if (!(error instanceof SyntaxError)) throw error;
    throw new Error(`The response from ${response.url || spec.url} is not valid JSON (${error.message}); set Response as to Text to take it as it is`);
  }
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
