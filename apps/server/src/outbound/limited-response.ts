import type { Response as UndiciResponse } from 'undici';
import { ResponseTooLargeError } from './outbound-errors.js';

/** Statuses whose response may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export interface LimitOptions {
  /** The URL the response came from (after redirects); becomes `response.url`. */
  readonly url: string;
  readonly redirected: boolean;
  readonly maxBytes: number;
  /** Turns an error of the underlying body (an abort by the timeout, say) into the one to surface. */
  readonly translateError: (error: unknown) => unknown;
}

/**
 * Re-wraps undici's response as a standard `Response` whose body stops (and cancels the
 * download) once more than `maxBytes` have arrived. Bytes are counted after
 * decompression, so a small gzip bomb is caught too. A Content-Length over the limit is
 * refused before any of the body is read.
 */
export async function limitResponse(response: UndiciResponse, options: LimitOptions): Promise<Response> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(options.url, options.maxBytes);
  }
  const headers = new Headers();
  for (const [name, value] of response.headers) headers.append(name, value);
  const source = response.body as ReadableStream<Uint8Array> | null;
  const body = source && !NULL_BODY_STATUSES.has(response.status) ? countingStream(source, options) : null;
  let limited: Response;
  try {
    limited = new Response(body, { status: response.status, statusText: response.statusText, headers });
  } catch {
    await source?.cancel().catch(() => undefined);
    throw new Error(`${options.url} answered with status ${response.status}, which is not a valid HTTP status.`);
  }
  // A constructed Response has an empty url; callers (and the HTTP node) want the final one.
  Object.defineProperty(limited, 'url', { value: options.url });
  Object.defineProperty(limited, 'redirected', { value: options.redirected });
  return limited;
}

function countingStream(source: ReadableStream<Uint8Array>, options: LimitOptions): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(options.translateError(error));
        return;
      }
      if (chunk.done) {
        controller.close();
        return;
      }
      received += chunk.value.byteLength;
      if (received > options.maxBytes) {
        const error = new ResponseTooLargeError(options.url, options.maxBytes);
        controller.error(error);
        // Cancelling undici's body closes the connection, so the rest is never downloaded.
        await reader.cancel(error).catch(() => undefined);
        return;
      }
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
