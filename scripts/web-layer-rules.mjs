/**
 * The web app's layers, for `architecture-rules.mjs`: the dependency points one way. The
 * editor and the pages build on the shared `components/`, and every screen reads server
 * data through `api/`; so `components/` never reaches into `editor/`, and `api/` into no
 * screen. What both sides need moves down to `components/`, `lib/` or `api/`.
 */
import path from 'node:path';

const WEB = 'apps/web/src/';

/** Folder (under apps/web/src) → the folders its files may not import. */
const BANS = [
  { from: 'components/', to: ['editor/'] },
  { from: 'api/', to: ['components/', 'editor/', 'pages/'] },
];

/** Files allowed a banned import for now, each with its reason and the step that removes it. */
export const WEB_LAYER_ALLOWLIST = new Map();

/**
 * `{ line, message, severity }` for each relative import of `file` (a repository path)
 * into a folder its layer may not import; `imports` as `findImports` lists them. An
 * allowlisted file only warns, and is told when it no longer needs its entry.
 */
export function webLayerFindings(file, imports, allowlist = WEB_LAYER_ALLOWLIST) {
  const ban = BANS.find((candidate) => file.startsWith(WEB + candidate.from));
  if (!ban) return [];
  const reason = allowlist.get(file);
  const found = [];
  for (const { specifier, line } of imports) {
    if (!specifier.startsWith('.')) continue;
    const target = `${path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))}/`;
    const banned = ban.to.find((folder) => target.startsWith(WEB + folder));
    if (!banned) continue;
    const message = `imports '${specifier}': web ${ban.from} may not import ${banned} (move what both use to components/, lib/ or api/)`;
    found.push(reason === undefined ? { line, message, severity: 'error' } : { line, message: `${message}; allowlisted: ${reason}`, severity: 'warning' });
  }
  if (reason !== undefined && found.length === 0) {
    found.push({ line: 1, message: 'no longer imports across the web layers: remove it from WEB_LAYER_ALLOWLIST', severity: 'warning' });
  }
  return found;
}
