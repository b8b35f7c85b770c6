// The HTTP contract: outbound requests through the host's guard.

export interface HttpRequestSpec {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Per request; the service also applies its own upper bound. */
  readonly timeoutMs?: number;
}

export interface HttpResponseData {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** After redirects. */
  readonly url: string;
  /**
   * `body` parsed as JSON by the host, which may do it away from its event loop and refuses
   * nesting past its limit. Rejects with a SyntaxError when the body is not JSON. A host
   * without it leaves nodes to parse `body` themselves.
   */
  json?(): Promise<unknown>;
}

export interface HttpService {
  /**
   * Sends a request through the outbound guard: private, loopback, link-local and
   * metadata addresses are refused (after DNS and on every redirect) unless the operator
   * allows them; a timeout and a response size limit apply. Throws with a message a user
   * can act on.
   */
  request(spec: HttpRequestSpec, options: { signal: AbortSignal }): Promise<HttpResponseData>;
}
