/**
 * Module hooks that let Node 20 run Weft from its TypeScript sources, for tests that start
 * Weft as a real process (killed, refused, run as another user): `npm test` runs vitest
 * before anything is built. Registered by `source-loader.mjs` (`node --import`).
 * `@weft/core` and `@weft/nodes` resolve to their sources, as vitest's aliases do; a
 * relative `.js` import from a `.ts` file finds the `.ts` beside it; types are stripped by
 * the oxc transformer that vite (vitest's engine) ships, or TypeScript's transpiler where
 * that is missing (slower: 12 s to a first answer instead of 4).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const require = createRequire(path.join(root, 'package.json'));
const aliases = new Map([
  ['@weft/core', pathToFileURL(path.join(root, 'packages/core/src/index.ts')).href],
  ['@weft/nodes', pathToFileURL(path.join(root, 'packages/nodes/src/index.ts')).href],
]);

async function loadStripper() {
  try {
    const { transformSync } = await import(pathToFileURL(require.resolve('rolldown/utils')).href);
    return (file, source) => transformSync(file, source, { lang: 'ts', sourcemap: false }).code;
  } catch {
    const ts = require('typescript');
    const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
    return (file, source) => ts.transpileModule(source, { fileName: file, compilerOptions }).outputText;
  }
}
const strip = await loadStripper();

export async function resolve(specifier, context, nextResolve) {
  const alias = aliases.get(specifier);
  if (alias) return { url: alias, shortCircuit: true };
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(source))) return { url: source.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const file = fileURLToPath(url);
  return { format: 'module', source: strip(file, readFileSync(file, 'utf8')), shortCircuit: true };
}
