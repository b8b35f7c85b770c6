import http from 'node:http';

/**
 * A minimal OpenAI-compatible chat server for the agent benchmark (bench may not import
 * the server's test support): streams each turn as SSE, and answers a conversation that
 * has fewer than `toolTurns(request)` tool results with one call of `tool`, else with text.
 * Usage is reported as fixed counts. Runs in the benchmark's process, so its CPU is not the
 * server's.
 */
export async function startToolModelPeer({ tool, argumentsFor, toolTurns }) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests += 1;
      const request = JSON.parse(body);
      const results = request.messages.filter((message) => message.role === 'tool').length;
      // A request without tools (an LLM Chat node's) is answered with text.
      const call = Array.isArray(request.tools) && request.tools.length > 0 && results < toolTurns(request);
      const id = `chatcmpl-${requests}`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (choices, extra = {}) =>
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: request.model, choices, ...extra })}\n\n`);
      chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
      if (call) {
        const args = JSON.stringify(argumentsFor(results));
        chunk([
          {
            index: 0,
            delta: { tool_calls: [{ index: 0, id: `call_${requests}`, type: 'function', function: { name: tool, arguments: '' } }] },
            finish_reason: null,
          },
        ]);
        chunk([{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args } }] }, finish_reason: null }]);
      } else {
        chunk([{ index: 0, delta: { content: `Done after ${results} tool calls.` }, finish_reason: null }]);
      }
      chunk([{ index: 0, delta: {}, finish_reason: call ? 'tool_calls' : 'stop' }]);
      chunk([], { usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An HTTP server whose every answer is a small JSON order: the agent's tool target. */
export async function startOrderPeer() {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ order: new URL(req.url, 'http://x').searchParams.get('id'), status: 'shipped', items: 3 }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, requests: () => requests, close: () => new Promise((resolve) => server.close(resolve)) };
}
