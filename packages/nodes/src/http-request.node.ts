import { type ConfigOf, TOOL_OUTPUT } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runHttpRequest } from './run/http-request.js';

/** The settings of HTTP Request; its `run` reads them typed as {@link HttpRequestConfig}. */
export const httpRequestConfig = defineConfig([
  {
    kind: 'select',
    key: 'method',
    label: 'Method',
    default: 'GET',
    options: (['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const).map((m) => ({ value: m, label: m })),
  },
  { kind: 'text', key: 'url', label: 'URL', required: true, default: '', placeholder: 'https://api.example.com/items' },
  { kind: 'json', key: 'query', label: 'Query parameters', default: {}, description: 'An object of names and values, added to the URL.' },
  { kind: 'json', key: 'headers', label: 'Headers', default: {}, description: 'An object of header names and values.' },
  { kind: 'json', key: 'body', label: 'JSON body', description: 'Sent as application/json with POST, PUT, PATCH and DELETE.' },
  {
    kind: 'select',
    key: 'auth',
    label: 'Authentication',
    default: 'none',
    options: choices({ none: 'None', bearer: 'Bearer token', basic: 'Basic (user:password)', header: 'API key header' }),
  },
  { kind: 'secret', key: 'authSecret', label: 'Credential', description: 'The token, user:password or key, from your secrets.' },
  { kind: 'text', key: 'authHeader', label: 'Header name', default: 'X-API-Key', description: 'For API key header authentication.' },
  { kind: 'select', key: 'responseAs', label: 'Response as', default: 'json', options: choices({ json: 'JSON', text: 'Text' }) },
  { kind: 'number', key: 'timeoutSeconds', label: 'Timeout (seconds)', min: 1, max: 300, step: 1, default: 30 },
  { kind: 'boolean', key: 'failOnErrorStatus', label: 'Fail on 4xx and 5xx answers', default: true },
]);

export type HttpRequestConfig = ConfigOf<typeof httpRequestConfig>;

/**
 * One outbound HTTP call. The output's data type follows *Response as* through
 * `typeFrom`, so a text response connects to text inputs without a converter.
 */
export const httpRequestNode = defineNode({
  type: 'http.request',
  version: 1,
  title: 'HTTP Request',
  category: 'Integrations',
  description: 'Calls a URL and emits the response body as JSON or text.',
  inputs: [
    {
      id: 'input',
      label: 'Value',
      type: 'any',
      optional: true,
      description: 'Available as {{input}} in the URL, headers, query and body.',
    },
  ],
  outputs: [{ id: 'output', label: 'Response', type: 'json', typeFrom: 'responseAs' }, TOOL_OUTPUT],
  config: httpRequestConfig,
  toolUse: {
    description: 'Sends an HTTP request and returns the response body.',
    urlFields: ['url'],
    arguments: [
      { from: 'config', key: 'url', description: 'The full URL to request, starting with https://' },
      {
        from: 'config',
        key: 'body',
        description: 'The JSON body to send.',
        optional: true,
        onlyWhen: { key: 'method', oneOf: ['POST', 'PUT', 'PATCH', 'DELETE'] },
      },
      { from: 'input', key: 'input', description: 'The value the request puts where it says {{input}}.', onlyIfUsed: true },
    ],
  },
  run: runHttpRequest,
  docs: `Sends one request and emits the response body on the **Response** output: parsed JSON, or the raw text when *Response as* is **Text** (the output's data type follows the choice).

- URL, query, headers and body take placeholders: \`{{input}}\`, \`{{params.key}}\`, \`{{secrets.NAME}}\`. A body string that is just one placeholder, such as \`"{{input}}"\`, is replaced by the value itself, so an object or a number stays JSON.
- The body is sent with POST, PUT, PATCH and DELETE only, as \`application/json\` unless your headers name another type.
- **Authentication** adds the credential from your secrets as \`Authorization: Bearer …\`, \`Authorization: Basic …\` or the named header; it never appears in logs.
- A 4xx or 5xx answer fails the node, with the status and the start of the body in the error, unless *Fail on 4xx and 5xx answers* is off. An empty JSON answer (a \`204\`, a \`HEAD\`) is \`null\`; an answer that is not JSON fails the node: choose **Text** for those.
- Each call logs a line such as \`GET https://api.example.com/items → 200 (1.2 KB)\`.
- For safety, addresses on this machine or the private network (127.0.0.1, 10.x, 192.168.x, cloud metadata) are refused, also after redirects, unless the operator allows them with \`WEFT_ALLOW_PRIVATE_NETWORK=1\`. Responses are size-limited.`,
});
