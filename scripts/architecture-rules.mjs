/**
 * The architecture rules of docs/ARCHITECTURE.md as pure functions of a file's path (relative
 * to the repository root, with forward slashes) and its text, so a test can feed them small
 * synthetic sources and `check-architecture.mjs` can run them over every tracked file.
 *
 * Imports and identifiers are read with the TypeScript parser, not a regular expression, so a
 * specifier or a `process` inside a string, a comment or a property name is never a finding.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { tableOwnerFindings } from './table-owner-rules.mjs';
import { WEB_LAYER_ALLOWLIST, webLayerFindings } from './web-layer-rules.mjs';

export const WARN_LINES = 300;
export const MAX_LINES = 400;

/** Files allowed over MAX_LINES, each with the reason and the step that removes it (none today). */
export const FILE_SIZE_ALLOWLIST = new Map();

/** Which workspace packages each area may import by name (`@weft/x`, never `@weft/x/...`). */
const WORKSPACE_IMPORTS = {
  'packages/core': [],
  'packages/nodes': ['@weft/core'],
  'apps/server': ['@weft/core', '@weft/nodes'],
  'apps/web': ['@weft/core'],
  e2e: [],
  bench: [],
  scripts: [],
  root: [],
};

/**
 * Web tests check the editor against the real node catalogue (template-workflow.test.ts),
 * so web test files may also import @weft/nodes; the app itself gets definitions from the API.
 */
const WEB_TEST_WORKSPACE_IMPORTS = ['@weft/core', '@weft/nodes'];

const SERVER_TEST_SUPPORT = 'apps/server/src/test-support/';

/**
 * Relative imports that cross an area on purpose, each for tests or tooling only:
 * - e2e starts the server's protocol peers (SMTP, OIDC, OpenAI, Slack) from its test-support;
 * - web `*.server.test.ts` start a real server in process through the same test-support;
 * - test files may import the repository's scripts (the architecture rules' own test does);
 * - benchmarks measure the built code, including server internals no entry point exports,
 *   so they may import `dist/` output (never `src/`).
 */
function relativeImportAllowed(from, target) {
  if (target.startsWith(SERVER_TEST_SUPPORT) && (areaOf(from) === 'e2e' || (areaOf(from) === 'apps/web' && from.endsWith('.server.test.ts')))) return true;
  if (target.startsWith('scripts/') && isTestFile(from)) return true;
  if (areaOf(from) === 'bench' && /^(packages\/[^/]+|apps\/server)\/dist\//.test(target)) return true;
  return false;
}

/** Identifiers that mean a browser or Node.js runtime; core and nodes run in both, so in neither. */
const HOST_GLOBALS = new Set([
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'process',
  'Buffer',
  'global',
  '__dirname',
  '__filename',
  'require',
]);

const NODE_BUILTINS = new Set(builtinModules);

/** The area a repository path belongs to: a workspace package, or bench, scripts, e2e, root. */
export function areaOf(file) {
  const [first, second] = file.split('/');
  if ((first === 'packages' || first === 'apps') && second !== undefined) return `${first}/${second}`;
  if (first === 'e2e' || first === 'bench' || first === 'scripts') return first;
  return 'root';
}

/** Vitest and Playwright files; they may reach test-support across packages (see above). */
export function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || /\.spec\.ts$/.test(file) || areaOf(file) === 'e2e';
}

/** Test files and the helpers only they import, which run under Node and may use its globals. */
function isTestSupport(file) {
  return isTestFile(file) || /-test-kit\.ts$/.test(file) || file.endsWith('/test-definitions.ts') || file.includes('/test-support/');
}

function scriptKind(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[mc]?ts$/.test(file)) return ts.ScriptKind.TS;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/**
 * Parses once; every rule takes the result so a file is parsed a single time. Parent links
 * (needed to tell a global from a property name) only where the host-globals rule reads them.
 */
export function parseSource(file, text) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, hostRestricted(file), scriptKind(file));
}

function lineOf(sourceFile, node) {
  return sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
}

function stringArgument(node) {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node : undefined;
}

/** Every module specifier: import/export-from, `import x = require()`, `import()`, `require()`, `import('x').T`. */
export function findImports(file, text, sourceFile = parseSource(file, text)) {
  const found = [];
  const add = (literal) => literal && found.push({ specifier: literal.text, line: lineOf(sourceFile, literal) });
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(stringArgument(node.moduleSpecifier));
    else if (ts.isExternalModuleReference(node)) add(stringArgument(node.expression));
    else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isImport || isRequire) add(stringArgument(node.arguments[0]));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(stringArgument(node.argument.literal));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function finding(file, line, rule, message, severity = 'error') {
  return { path: file, line, severity, rule, message };
}

function allowedWorkspaceImports(file) {
  const area = areaOf(file);
  return area === 'apps/web' && isTestFile(file) ? WEB_TEST_WORKSPACE_IMPORTS : WORKSPACE_IMPORTS[area];
}

function workspaceImportProblem(file, specifier) {
  const [, name, ...rest] = specifier.split('/');
  const entry = `@weft/${name}`;
  if (rest.length > 0) return `imports '${specifier}': go through the package entry point '${entry}'`;
  const allowed = allowedWorkspaceImports(file);
  if (allowed.includes(entry)) return undefined;
  const may = allowed.length === 0 ? 'no workspace package' : allowed.join(', ');
  return `${areaOf(file)} may not import '${entry}' (it may import ${may})`;
}

function relativeImportProblem(file, specifier) {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (target.startsWith('../')) return `imports '${specifier}', outside the repository`;
  const from = areaOf(file);
  const to = areaOf(target);
  if (from === to || relativeImportAllowed(file, target)) return undefined;
  const entry = `@weft/${to.split('/')[1]}`;
  if (to.startsWith('packages/') && allowedWorkspaceImports(file).includes(entry)) {
    return `imports ${to}'s internals through '${specifier}': import '${entry}' instead`;
  }
  return `imports '${specifier}' from ${to}: ${from} may not import ${to}`;
}

/** Rule a: package boundaries, entry points only, no relative paths into another package. */
export function checkImports(file, text, sourceFile = parseSource(file, text)) {
  const findings = [];
  for (const { specifier, line } of findImports(file, text, sourceFile)) {
    let problem;
    if (specifier.startsWith('@weft/')) problem = workspaceImportProblem(file, specifier);
    else if (specifier.startsWith('.')) problem = relativeImportProblem(file, specifier);
    if (problem) findings.push(finding(file, line, 'boundaries', problem));
  }
  return findings;
}

function hostRestricted(file) {
  return /^packages\/(core|nodes)\/src\//.test(file) && !isTestSupport(file);
}

/** Names the file binds itself (parameters, variables, imports, ...): a local `window` is not the global. */
function declaredNames(sourceFile) {
  const names = new Set();
  const visit = (node) => {
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) names.add(node.name.text);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionExpression(node)) && node.name) names.add(node.name.text);
    else if (ts.isImportClause(node) && node.name) names.add(node.name.text);
    else if (ts.isImportSpecifier(node) || ts.isNamespaceImport(node)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/** True when the identifier is a name in a declaration or after a dot, not a value read. */
function isNameOnly(node) {
  const parent = node.parent;
  if (!parent) return true;
  if (ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) return parent.name === node || parent.right === node;
  if (ts.isBindingElement(parent)) return parent.propertyName === node || parent.name === node;
  if (ts.isImportSpecifier(parent)) return true;
  // `export { x as y }` names y; `export { x } from 'm'` reads m's x; a bare `export { window }` reads the global.
  if (ts.isExportSpecifier(parent)) return parent.parent.parent.moduleSpecifier !== undefined || (parent.propertyName !== undefined && parent.name === node);
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return true;
  const named = [
    ts.isPropertyAssignment,
    ts.isPropertyDeclaration,
    ts.isPropertySignature,
    ts.isMethodDeclaration,
    ts.isMethodSignature,
    ts.isGetAccessorDeclaration,
    ts.isSetAccessorDeclaration,
    ts.isEnumMember,
    ts.isJsxAttribute,
    ts.isVariableDeclaration,
    ts.isParameter,
    ts.isFunctionDeclaration,
    ts.isClassDeclaration,
    ts.isTypeAliasDeclaration,
    ts.isInterfaceDeclaration,
  ];
  return named.some((is) => is(parent)) && parent.name === node;
}

/** Rule b: core and nodes run in browser and server alike, so no `node:` modules and no host globals. */
export function checkHostGlobals(file, text, sourceFile = parseSource(file, text)) {
  if (!hostRestricted(file)) return [];
  const findings = [];
  for (const { specifier, line } of findImports(file, text, sourceFile)) {
    if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier)) {
      findings.push(finding(file, line, 'host-globals', `imports Node built-in '${specifier}': core and nodes do I/O only through injected services`));
    }
  }
  const local = declaredNames(sourceFile);
  const visit = (node) => {
    if (ts.isIdentifier(node) && HOST_GLOBALS.has(node.text) && !local.has(node.text) && !isNameOnly(node)) {
      findings.push(finding(file, lineOf(sourceFile, node), 'host-globals', `uses '${node.text}': core and nodes use no browser or Node globals`));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

export function lineCount(text) {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Rule c: aim at WARN_LINES, fail over MAX_LINES unless allowlisted with a reason. */
export function checkFileSize(file, text, allowlist = FILE_SIZE_ALLOWLIST) {
  const lines = lineCount(text);
  const reason = allowlist.get(file);
  if (reason !== undefined) {
    if (lines > MAX_LINES) return [finding(file, 1, 'file-size', `${lines} lines, over ${MAX_LINES}, allowlisted: ${reason}`, 'warning')];
    return [finding(file, 1, 'file-size', `${lines} lines, no longer over ${MAX_LINES}: remove it from FILE_SIZE_ALLOWLIST`, 'warning')];
  }
  if (lines > MAX_LINES) return [finding(file, 1, 'file-size', `${lines} lines, over the ${MAX_LINES}-line cap: split it by concept`)];
  if (lines > WARN_LINES) return [finding(file, 1, 'file-size', `${lines} lines, over the ${WARN_LINES} to aim at`, 'warning')];
  return [];
}

/** Rule d: inside the web app, `components/` never imports `editor/`, `api/` no screen (web-layer-rules.mjs). */
export function checkWebLayers(file, text, sourceFile = parseSource(file, text), allowlist = WEB_LAYER_ALLOWLIST) {
  if (!file.startsWith('apps/web/src/')) return [];
  return webLayerFindings(file, findImports(file, text, sourceFile), allowlist).map(({ line, message, severity }) =>
    finding(file, line, 'web-layers', message, severity),
  );
}

/** Rule e: a table's SQL only in the server room that owns it (table-owner-rules.mjs). */
export function checkTableOwners(file, text, sourceFile = parseSource(file, text)) {
  return tableOwnerFindings(file, sourceFile).map(({ line, message }) => finding(file, line, 'table-owner', message));
}

/** Source files the rules read (JSON, Markdown and CSS are not); build output and dependencies never. */
export function isCheckedSource(file) {
  return /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(file) && !/(^|\/)(dist|node_modules)\//.test(file);
}

/** Every rule over one file, parsed once. */
export function checkFile(file, text) {
  const sourceFile = parseSource(file, text);
  return [
    ...checkImports(file, text, sourceFile),
    ...checkWebLayers(file, text, sourceFile),
    ...checkTableOwners(file, text, sourceFile),
    ...checkHostGlobals(file, text, sourceFile),
    ...checkFileSize(file, text),
  ];
}
