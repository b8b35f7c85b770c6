#!/usr/bin/env node
/**
 * Engine overhead (issue 4): a chain of 10,000 trivial nodes and a fan-out of 1,000, run
 * in process with no-op services. Target: under 10 µs per node. Results: bench/README.md.
 * Run: npm run bench:engine (builds packages/core first).
 */
import { performance } from 'node:perf_hooks';
import { executeWorkflow } from '../packages/core/dist/index.js';

const pass = { run: ({ inputs }) => ({ outputs: { out: inputs.in ?? 1 } }) };
const schedule = (ms, callback) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};
function chain(n) {
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, type: 'pass', config: {} }));
  const edges = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: `n${i}`, sourceHandle: 'out', target: node.id, targetHandle: 'in' }));
  return { nodes, edges };
}

function fanOut(n) {
  const nodes = [{ id: 'root', type: 'pass', config: {} }, ...Array.from({ length: n }, (_, i) => ({ id: `leaf${i}`, type: 'pass', config: {} }))];
  const edges = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: 'root', sourceHandle: 'out', target: node.id, targetHandle: 'in' }));
  return { nodes, edges };
}

async function measure(name, graph, concurrency) {
  const runs = [];
  for (let i = 0; i < 7; i++) {
    let events = 0;
    const started = performance.now();
    const result = await executeWorkflow({
      runId: `bench-${i}`,
      ...graph,
      executorFor: () => pass,
      services: undefined,
      concurrency,
      now: Date.now,
      schedule,
      onEvent: () => {
        events++;
      },
    });
    const ms = performance.now() - started;
    if (result.status !== 'success') throw new Error(`${name}: ${result.status} ${result.error}`);
    runs.push({ ms, events });
  }
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[Math.floor(runs.length / 2)];
  const perNodeUs = (median.ms * 1000) / graph.nodes.length;
  return { name, nodes: graph.nodes.length, medianMs: Number(median.ms.toFixed(1)), perNodeUs: Number(perNodeUs.toFixed(2)), events: median.events };
}

const results = [await measure('chain of 10,000', chain(10_000), 4), await measure('fan-out of 1,000', fanOut(1_000), 16)];
console.table(results);
const worst = Math.max(...results.map((r) => r.perNodeUs));
console.log(`worst: ${worst} µs per node (target < 10 µs): ${worst < 10 ? 'PASS' : 'MISS'}`);
