import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { api } from './weft-server.mjs';

/** The word the i-th (1-based) trivial node puts in front of its input: one, two, three, 4, 5, … */
export const chainWord = (i) => ['one', 'two', 'three'][i - 1] ?? String(i);

/** What a chain of `nodes` nodes answers to `input`: "three two one hello" for 5 nodes. */
export function chainAnswer(nodes, input = 'hello') {
  const words = [];
  for (let i = nodes - 2; i >= 1; i--) words.push(chainWord(i));
  return [...words, input].join(' ');
}

/**
 * Text Input (asks on run) → Template × (nodes − 2) → Output: `nodes` nodes in all, each
 * Template putting one word in front of its input. With 5 nodes this is the webhook
 * benchmark's workflow (Text Input → Template ×3 → Output, "three two one hello").
 */
export function chainWorkflow(nodes, name = 'Webhook benchmark') {
  if (!Number.isInteger(nodes) || nodes < 3) throw new Error(`A chain needs at least 3 nodes, not ${nodes}`);
  const node = (id, type, x, config) => ({ id, type: 'custom', position: { x, y: 0 }, data: { label: id, type, config } });
  const edge = (source, target) => ({
    id: `${source}-${target}`,
    source,
    sourceHandle: 'output',
    target,
    targetHandle: 'input',
    type: 'custom',
    data: { type: 'text' },
  });
  const ids = ['in'];
  const list = [node('in', 'input.text', 0, { text: '', askOnRun: true })];
  for (let i = 1; i <= nodes - 2; i++) {
    ids.push(`t${i}`);
    list.push(node(`t${i}`, 'text.template', 300 * i, { template: `${chainWord(i)} {{input}}` }));
  }
  ids.push('out');
  list.push(node('out', 'output', 300 * (nodes - 1), {}));
  const edges = ids.slice(1).map((id, i) => edge(ids[i], id));
  return { name, nodes: list, edges };
}

/** POSTs "hello" to a chain's webhook: the status and body it answered, and whether that is the chain's answer. */
export async function askChain(webhookUrl, nodes) {
  const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
  const body = await res.text();
  return { status: res.status, body, answered: res.status === 200 && body.includes(chainAnswer(nodes)) };
}

/**
 * Stores `document` (a chain of `nodes` nodes) for `user`, gives it a webhook that answers
 * the chain's output and checks that the webhook does, so a benchmark never loads a
 * workflow that answers with an error.
 */
export async function chainWebhook(url, user, nodes, document = chainWorkflow(nodes)) {
  const { workflow } = await api(url, user, 'POST', '/api/workflows', document);
  const { webhook } = await api(url, user, 'PUT', `/api/workflows/${workflow.id}/webhook`, { respond: 'output' });
  const probe = await askChain(webhook.url, nodes);
  if (!probe.answered) throw new Error(`The ${nodes}-node webhook answered ${probe.status}: ${probe.body.slice(0, 300)}`);
  return { workflow, webhook };
}

/**
 * Runs autocannon in its own process so the load generator does not share our event loop:
 * POSTs "hello" (text/plain) to `url` and answers autocannon's JSON result. With `cpu`, the
 * process is pinned to that core (`taskset -c <cpu>`); `onSpawn` gets the child (to kill it).
 */
export function autocannon(url, seconds, connections, { cpu, onSpawn } = {}) {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const argv = [bin, '--json', '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-H', 'content-type=text/plain', '-b', 'hello', url];
  return new Promise((resolve, reject) => {
    const child =
      cpu === undefined
        ? spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn('taskset', ['-c', String(cpu), process.execPath, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}: ${err}`))));
  });
}
