/**
 * How a started server answers `/api/health` while the Document Loader reads issue 19's
 * malicious files (ingest.bench.mjs): the built `weft start` on a fresh SQLite folder,
 * each file uploaded and loaded by a run, health asked every 10 ms from this process until
 * the run ends; then every file at once. Target: p99 under 100 ms, the server alive.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { deflateBombPdf, manyRunsDocx, mergedCellXlsx, millionRowsXlsx, nestedHtml, xobjectFanOutPdf } from './malicious-files.mjs';
import { api, signUp, startWeft } from './weft-server.mjs';

export async function maliciousCases() {
  return [
    { name: 'merged.xlsx', what: '1.5 KB, a merged range over the whole sheet', bytes: mergedCellXlsx() },
    { name: 'million-rows.xlsx', what: 'a million rows', bytes: millionRowsXlsx() },
    { name: 'runs.docx', what: '3 million runs', bytes: manyRunsDocx() },
    { name: 'fanout.pdf', what: 'pages fanning out to shared XObjects', bytes: await xobjectFanOutPdf() },
    { name: 'bomb.pdf', what: 'a deflate bomb of 3 GB', bytes: await deflateBombPdf() },
    { name: 'deep.html', what: '700,000 nested <div>', bytes: nestedHtml() },
  ];
}

export async function healthDuringParses({ port, timeoutS, cases }) {
  const server = await startWeft({ port, env: { WEFT_CONTENT_TIMEOUT_S: String(timeoutS) } });
  try {
    const user = await signUp(server.url);
    const prepared = [];
    for (const item of cases) prepared.push({ ...item, workflowId: await loaderWorkflow(server.url, user, item) });
    // The same polling with nothing to read: what the machine's load alone does to health.
    const results = [await measure(server, user, [], 'idle (no run)', 5000)];
    for (const item of prepared) results.push(await measure(server, user, [item], item.name));
    results.push(await measure(server, user, prepared, 'all at once'));
    return results;
  } finally {
    await server.stop();
  }
}

async function loaderWorkflow(url, user, { name, bytes }) {
  const res = await fetch(`${url}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: user.headers.authorization, 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  if (res.status !== 201) throw new Error(`uploading ${name} answered ${res.status}: ${await res.text()}`);
  const { file } = await res.json();
  const node = (id, type, config) => ({ id, type: 'custom', position: { x: 0, y: 0 }, data: { label: id, type, config } });
  const document = {
    schemaVersion: 1,
    name: `Load ${name}`,
    nodes: [node('load', 'rag.load', { source: 'file', file: file.id }), node('out', 'output', {})],
    edges: [{ id: 'e', source: 'load', sourceHandle: 'output', target: 'out', targetHandle: 'input', type: 'custom', data: {} }],
    globalParameters: {},
  };
  return (await api(url, user, 'POST', '/api/workflows', document)).workflow.id;
}

/** Starts the runs, asks health every 10 ms until all have ended, and says how it went. */
async function measure(server, user, items, label, idleMs = 0) {
  const started = performance.now();
  const executions = [];
  for (const item of items) executions.push({ item, id: (await api(server.url, user, 'POST', `/api/workflows/${item.workflowId}/run`, {})).execution.id });
  const latencies = [];
  let failedHealth = 0;
  const pending = new Set(executions);
  let lastStatusCheck = 0;
  while (pending.size > 0 || performance.now() - started < idleMs) {
    const asked = performance.now();
    const answer = await fetch(`${server.url}/api/health`).catch(() => undefined);
    latencies.push(performance.now() - asked);
    if (!answer?.ok) failedHealth += 1;
    if (performance.now() - lastStatusCheck > 250) {
      lastStatusCheck = performance.now();
      for (const execution of [...pending]) {
        const { execution: detail } = await api(server.url, user, 'GET', `/api/executions/${execution.id}`);
        if (!['queued', 'running'].includes(detail.status)) {
          execution.status = detail.status;
          execution.error = detail.nodes?.load?.error ?? detail.error;
          execution.seconds = +((performance.now() - started) / 1000).toFixed(1);
          pending.delete(execution);
        }
      }
    }
    if (server.exited()) throw new Error(`the server died during ${label}: ${server.exited()}\n${server.readLog().slice(-2000)}`);
    await sleep(10);
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  return {
    case: label,
    healthAsked: latencies.length,
    healthFailed: failedHealth,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: +latencies[latencies.length - 1].toFixed(1),
    seconds: +((performance.now() - started) / 1000).toFixed(1),
    outcome: executions.map((execution) => `${execution.item.name}: ${execution.status} after ${execution.seconds} s — ${execution.error ?? 'no error'}`),
  };
}
