#!/usr/bin/env node
/**
 * Where the webhook path's CPU goes (issue 12): starts the built Weft with V8's sampling
 * profiler (`--cpu-prof`), sends a chain of N trivial nodes (the peers benchmark's
 * workflow) load from autocannon in its own process for a while, stops the server (which
 * writes the profile) and prints self time per function, most first. The profile file is
 * kept for Chromium's DevTools (Performance → Load profile).
 *
 *   npm run build && node bench/webhook-profile.mjs [--nodes 100] [--seconds 10] [--run-data all|outputs|summary] [--top 30]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions } from './lib/bench-options.mjs';
import { loadavg } from './lib/bench-results.mjs';
import { autocannon, chainWebhook, chainWorkflow } from './lib/chain-workflow.mjs';
import { selfTimeByFunction } from './lib/cpu-profile.mjs';
import { signUp, startWeft } from './lib/weft-server.mjs';

const args = benchOptions({ nodes: 100, seconds: 10, connections: 50, port: 4497, 'run-data': 'all', top: 30 });
const { nodes } = args;
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-profile-'));
const weft = await startWeft({ port: args.port, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=200'] });
try {
  const user = await signUp(weft.url);
  const document = { ...chainWorkflow(nodes), settings: { successfulRunData: args['run-data'] } };
  const { webhook } = await chainWebhook(weft.url, user, nodes, document);
  await autocannon(webhook.url, 3, args.connections, { cpu: 1 });
  const load = await autocannon(webhook.url, args.seconds, args.connections, { cpu: 1 });
  console.log(`${nodes} nodes, run data "${args['run-data']}": ${Math.round(load.requests.average)} req/s, p99 ${load.latency.p99} ms`);
} finally {
  await weft.stop();
}
const [file] = fs.readdirSync(profileDir);
if (!file) throw new Error(`No profile was written to ${profileDir}`);
const summary = selfTimeByFunction(JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')), args.top);
console.log(`self time over ${summary.totalMs} ms of samples (load average ${loadavg()}):`);
for (const { share, ms, fn } of summary.top) console.log(`${share.padStart(6)} ${String(Math.round(ms)).padStart(6)} ms  ${fn}`);
console.log(`profile: ${path.join(profileDir, file)}`);
