import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

let workerUrl: URL | undefined;

/**
 * The URL to start a sandbox worker from. Built (dist/), that is the compiled
 * sandbox-worker.js beside this file. Run from TypeScript sources (vitest, which cannot
 * reach into worker threads), Node 20 cannot load a .ts file, so the worker — written
 * to depend on nothing local at run time — is transpiled once in memory and started from
 * a data: URL. That path needs the `typescript` dev dependency and is never taken in dist.
 */
export function sandboxWorkerUrl(): URL {
  workerUrl ??= resolveWorkerUrl();
  return workerUrl;
}

/** quickjs-emscripten as a file: URL, so a worker started from a data: URL can import it. */
export function quickjsUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('quickjs-emscripten')).href;
}

function resolveWorkerUrl(): URL {
  const compiled = new URL('./sandbox-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = new URL('./sandbox-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) {
    throw new Error(`The code sandbox's worker is missing: expected ${fileURLToPath(compiled)}. Rebuild the server.`);
  }
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    fileName: fileURLToPath(source),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return new URL(`data:text/javascript,${encodeURIComponent(outputText)}`);
}
