import type { HttpRequestConfig } from '../http-request.node.js';
import type { HttpRequestSpec } from '../services/http-service.js';
import { fillJsonPlaceholders, fillPlaceholders, type PlaceholderScope, requireResolvedSecret } from './placeholders.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The request an HTTP Request node's config describes: URL with its query, headers,
 * authentication and JSON body, with `{{input}}` and `{{params.x}}` filled in (the host
 * has already filled `{{secrets.NAME}}`). Throws messages that name the field at fault.
 */
export function buildHttpRequest(config: HttpRequestConfig, scope: PlaceholderScope): HttpRequestSpec {
  const { method, auth } = config;
  const url = buildUrl(config, scope);
  const headers = buildHeaders(config, scope);
  if (auth !== 'none') addAuth(headers, auth, config);

  let body: string | undefined;
  if (BODY_METHODS.has(method) && config.body !== undefined) {
    body = JSON.stringify(fillJsonPlaceholders(config.body, scope, 'the body'));
    if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  }
  const timeoutMs = Math.round(config.timeoutSeconds * 1000);
  return { method, url, headers, ...(body === undefined ? {} : { body }), timeoutMs };
}

function buildUrl(config: HttpRequestConfig, scope: PlaceholderScope): string {
  const written = fillPlaceholders(config.url.trim(), scope, 'the URL');
  if (written === '') throw new Error('URL is required');
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    throw new Error(`URL "${written}" is not a full address: it should start with https:// or http://`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`URL "${written}" uses ${url.protocol.slice(0, -1)}; only http and https are allowed`);

  const { query } = config;
  if (!isPlainObject(query)) throw new Error('Query parameters must be an object of names and values, such as {"page": 2}');
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      url.searchParams.append(name, fillPlaceholders(scalarText(item), scope, `query parameter "${name}"`));
    }
  }
  return url.toString();
}

function buildHeaders(config: HttpRequestConfig, scope: PlaceholderScope): Record<string, string> {
  const configured = config.headers;
  if (!isPlainObject(configured)) throw new Error('Headers must be an object of names and values, such as {"Accept": "application/json"}');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(configured)) {
    if (value === undefined || value === null) continue;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error(`Header name "${name}" is not valid: use letters, digits and dashes`);
    headers[name] = fillPlaceholders(scalarText(value), scope, `header "${name}"`);
  }
  return headers;
}

function addAuth(headers: Record<string, string>, auth: Exclude<HttpRequestConfig['auth'], 'none'>, config: HttpRequestConfig): void {
  const credential = requireResolvedSecret(config.authSecret?.trim() ?? '', 'Credential');
  if (credential === '') throw new Error(`Authentication is set to ${auth} but no Credential is chosen: pick one of your secrets`);
  if (auth === 'bearer') headers.Authorization = `Bearer ${credential}`;
  else if (auth === 'basic') {
    if (!credential.includes(':')) throw new Error('Basic authentication needs the Credential as user:password');
    headers.Authorization = `Basic ${base64(credential)}`;
  } else {
    const name = config.authHeader.trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error(`Header name "${name}" for the API key is not valid: use letters, digits and dashes`);
    headers[name] = credential;
  }
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** UTF-8 Base64 without Node's Buffer, so the package stays browser-safe. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
