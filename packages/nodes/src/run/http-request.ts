import type { NodeRunArgs } from '../node-services.js';
import { ConfigReader } from './config-reader.js';
import { buildHttpRequest } from './http-request-spec.js';

/**
 * Sends the request through the host's guarded HTTP service and emits the body, parsed
 * as JSON or as text. Logs one line per call; the credential never appears in it.
 */
export async function runHttpRequest({ inputs, config, ctx }: NodeRunArgs) {
  const read = new ConfigReader(config);
  const responseAs = read.choice('responseAs', 'Response as', ['json', 'text'], 'json');
  const spec = buildHttpRequest(config, { input: inputs.input, params: ctx.services.params });
  const response = await ctx.services.http.request(spec, { signal: ctx.signal });
  ctx.log(`${spec.method} ${spec.url} → ${response.status} (${formatBytes(byteLength(response.body))})`);

  if (response.status >= 400 && read.boolean('failOnErrorStatus', true)) {
    const excerpt = response.body.length > 200 ? `${response.body.slice(0, 200)}…` : response.body;
    throw new Error(`${spec.method} ${spec.url} answered ${response.status}${excerpt.trim() ? `: ${excerpt}` : ''}`);
  }
  if (responseAs === 'text') return { outputs: { output: response.body } };
  // HEAD, 204 and friends have no body; null says "nothing" without failing the parse.
  if (response.body.trim() === '') return { outputs: { output: null } };
  try {
    return { outputs: { output: JSON.parse(response.body) as unknown } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The response from ${response.url || spec.url} is not valid JSON (${reason}); set Response as to Text to take it as it is`);
  }
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** `512 B`, `1.2 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
