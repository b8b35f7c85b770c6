import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chainAnswer, chainWord } from './chain-workflow.mjs';

/**
 * Node-RED from the npm registry, installed at run time into a folder under os.tmpdir()
 * named after the requested version (`weft-bench-node-red-4`), never into the repository.
 * A second run finds the folder and skips the install; delete it to reinstall.
 */
export function installNodeRed(spec) {
  const dir = path.join(os.tmpdir(), `weft-bench-node-red-${spec.replace(/[^\w.-]/g, '_')}`);
  const red = path.join(dir, 'node_modules/node-red/red.js');
  const cached = fs.existsSync(red);
  if (!cached) {
    // Installed beside the cache folder and renamed at the end: an interrupted install leaves no half folder behind.
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    console.log(`installing node-red@${spec} from the npm registry into ${dir} (once; later runs reuse it)…`);
    // `npm run` hands the repository's prefix and package to its children; this install must not see them.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_(package_|lifecycle_|config_(local_prefix|prefix|workspaces?)$)/i.test(k)),
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--prefix', partial, `node-red@${spec}`, '--no-audit', '--no-fund', '--omit=optional', '--omit=dev'], {
      cwd: partial,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0 || !fs.existsSync(path.join(partial, 'node_modules/node-red/red.js'))) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw new Error(`npm install node-red@${spec} failed (${result.error?.message ?? `exit ${result.status}`})`);
    }
    // Another run may have finished the same install meanwhile: keep theirs.
    if (fs.existsSync(red)) fs.rmSync(partial, { recursive: true, force: true });
    else fs.renameSync(partial, dir);
  }
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/node-red/package.json'), 'utf8')).version;
  return { dir, red, version, cached };
}

/**
 * The node that stands for Weft's Template in each chain. `change` (the default): a Change
 * node whose one rule replaces /^/ in msg.payload with "<word> ", a regular expression
 * compiled once when the flow starts, so each message costs one String.replace and the
 * message passing around it. `function`: a Function node running
 * `msg.payload = "<word> " + msg.payload; return msg;` in its vm sandbox.
 */
function transformNode(kind, id, z, word, next) {
  if (kind === 'function') {
    return {
      id,
      type: 'function',
      z,
      name: '',
      func: `msg.payload = ${JSON.stringify(`${word} `)} + msg.payload;\nreturn msg;`,
      outputs: 1,
      timeout: 0,
      noerr: 0,
      initialize: '',
      finalize: '',
      libs: [],
      wires: [[next]],
    };
  }
  return {
    id,
    type: 'change',
    z,
    name: '',
    rules: [{ t: 'change', p: 'payload', pt: 'msg', from: '^', fromt: 're', to: `${word} `, tot: 'str' }],
    action: '',
    property: '',
    from: '',
    to: '',
    reg: false,
    wires: [[next]],
  };
}

/**
 * A flow per chain length: http in (POST /chain/<n>) → (n − 2) transform nodes → http
 * response, so that, as in Weft, n nodes handle a request and the answer is the same
 * ("three two one hello" for 5).
 */
export function chainFlows(lengths, kind = 'change') {
  const flows = [];
  for (const n of lengths) {
    const z = `tab${n}`;
    flows.push({ id: z, type: 'tab', label: `chain of ${n}`, disabled: false, info: '' });
    const next = (i) => (i <= n - 2 ? `n${n}_${i}` : `out${n}`);
    flows.push({ id: `in${n}`, type: 'http in', z, name: '', url: `/chain/${n}`, method: 'post', upload: false, swaggerDoc: '', wires: [[next(1)]] });
    for (let i = 1; i <= n - 2; i++) flows.push(transformNode(kind, `n${n}_${i}`, z, chainWord(i), next(i + 1)));
    flows.push({ id: `out${n}`, type: 'http response', z, name: '', statusCode: '', headers: {}, wires: [] });
  }
  return flows;
}

/**
 * Starts Node-RED on `port` with a settings file of its own (user folder in a temporary
 * folder, no editor or admin API, logging at warn, no telemetry), optionally pinned to one
 * core, and waits until every chain answers as it should. `onSpawn` gets the server handle
 * (with `stop()`) before the wait, so an interrupted start can be cleaned up too.
 */
export async function startNodeRed({ red, port, lengths, kind = 'change', cpu, onSpawn }) {
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bench-red-'));
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(chainFlows(lengths, kind)));
  const settings = {
    uiHost: '127.0.0.1',
    uiPort: port,
    userDir,
    flowFile: 'flows.json',
    credentialSecret: false,
    httpAdminRoot: false,
    httpNodeRoot: '/',
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    editorTheme: { projects: { enabled: false } },
    diagnostics: { enabled: false },
    runtimeState: { enabled: false },
    telemetry: { enabled: false },
    externalModules: { autoInstall: false, palette: { allowInstall: false } },
    functionExternalModules: false,
  };
  const settingsFile = path.join(userDir, 'settings.js');
  fs.writeFileSync(settingsFile, `module.exports = ${JSON.stringify(settings, null, 2)};\n`);
  const logFile = path.join(userDir, 'node-red.log');
  const log = fs.openSync(logFile, 'w');
  const argv = [process.execPath, red, '--settings', settingsFile, '--userDir', userDir];
  const child = spawn(cpu === undefined ? argv[0] : 'taskset', cpu === undefined ? argv.slice(1) : ['-c', String(cpu), ...argv], {
    cwd: userDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const readLog = () => fs.readFileSync(logFile, 'utf8');
  const url = `http://127.0.0.1:${port}`;
  const server = {
    url,
    userDir,
    readLog,
    /** taskset execs Node, so this is Node-RED's own process id. */
    pid: child.pid,
    chainUrl: (n) => `${url}/chain/${n}`,
    exited: () => (child.exitCode === null && child.signalCode === null ? null : `exit ${child.exitCode ?? child.signalCode}`),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
  onSpawn?.(server);
  try {
    const deadline = Date.now() + 60_000;
    for (const n of lengths) {
      for (;;) {
        if (server.exited()) throw new Error(`Node-RED exited (${server.exited()}):\n${readLog()}`);
        const answer = await fetch(server.chainUrl(n), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }).then(
          async (res) => ({ status: res.status, body: await res.text() }),
          () => null,
        );
        if (answer?.status === 200) {
          if (answer.body !== chainAnswer(n)) throw new Error(`Node-RED's chain of ${n} answered ${JSON.stringify(answer.body)}`);
          break;
        }
        if (Date.now() > deadline) throw new Error(`Node-RED did not answer on ${url}/chain/${n} within 60 s:\n${readLog()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
