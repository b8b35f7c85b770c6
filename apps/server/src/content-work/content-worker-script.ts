import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How to start a content worker process: the module to fork and the Node flags it needs. */
export interface ContentWorkerScript {
  readonly modulePath: string;
  readonly execArgv: readonly string[];
}

let script: ContentWorkerScript | undefined;

/**
 * Built (dist/), the worker is the compiled content-worker.js beside this file. Run from
 * TypeScript sources (vitest), Node 20 cannot load .ts files, so the child gets a module
 * hook (registered with --import before anything loads) that transpiles each .ts file
 * with the `typescript` dev dependency as it is imported, and finds `./x.ts` where the
 * sources say `./x.js`. Transpiled files are cached in node_modules/.cache by content, so
 * later workers start without loading the compiler (a second or more, and 80 MB of RSS,
 * which would count against the worker's memory limit). Never taken in dist.
 */
export function contentWorkerScript(): ContentWorkerScript {
  script ??= resolveScript();
  return script;
}

function resolveScript(): ContentWorkerScript {
  const compiled = new URL('./content-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { modulePath: fileURLToPath(compiled), execArgv: [] };
  const source = new URL('./content-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) {
    throw new Error(`The content worker is missing: expected ${fileURLToPath(compiled)}. Rebuild the server (npm run build).`);
  }
  let typescript: string;
  try {
    typescript = createRequire(import.meta.url).resolve('typescript');
  } catch {
    throw new Error(
      `The content worker cannot start: ${fileURLToPath(compiled)} is not built and the typescript package, needed to run it from its sources, is not installed. Rebuild the server (npm run build).`,
    );
  }
  const hooks = `data:text/javascript,${encodeURIComponent(TS_HOOKS)}`;
  // .../node_modules/typescript/lib/typescript.js -> .../node_modules/.cache/weft-content-worker
  const cacheDir = path.join(path.dirname(typescript), '..', '..', '.cache', 'weft-content-worker');
  const data = { typescript: pathToFileURL(typescript).href, cacheDir };
  const register = `import { register } from 'node:module'; register(${JSON.stringify(hooks)}, { data: ${JSON.stringify(data)} });`;
  return { modulePath: fileURLToPath(source), execArgv: ['--import', `data:text/javascript,${encodeURIComponent(register)}`] };
}

/** Module hooks (run on Node's loader thread) that let a child process import our .ts sources. */
const TS_HOOKS = `
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
let settings;
let ts;
export async function initialize(data) {
  settings = data;
}
export async function resolve(specifier, context, next) {
  const parent = context.parentURL;
  if (parent && parent.startsWith('file:') && parent.endsWith('.ts') && /^\\.\\.?\\//.test(specifier) && specifier.endsWith('.js')) {
    const js = new URL(specifier, parent);
    const source = new URL(specifier.slice(0, -3) + '.ts', parent);
    if (!existsSync(fileURLToPath(js)) && existsSync(fileURLToPath(source))) return { url: source.href, shortCircuit: true };
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const path = fileURLToPath(url);
  const source = await readFile(path, 'utf8');
  const cached = join(settings.cacheDir, createHash('sha256').update(settings.typescript).update(source).digest('hex') + '.js');
  const hit = await readFile(cached, 'utf8').catch(() => undefined);
  if (hit !== undefined) return { format: 'module', source: hit, shortCircuit: true };
  ts ??= (await import(settings.typescript)).default;
  const { outputText } = ts.transpileModule(source, {
    fileName: path,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  // Written aside and renamed into place: another worker may be reading the same entry.
  const aside = cached + '.' + process.pid + '.tmp';
  await mkdir(settings.cacheDir, { recursive: true }).then(() => writeFile(aside, outputText)).then(() => rename(aside, cached)).catch(() => undefined);
  return { format: 'module', source: outputText, shortCircuit: true };
}
`;
