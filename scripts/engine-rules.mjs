/**
 * Every installed package must run on the oldest Node the project promises (the root
 * package.json's `engines.node`, which README.md states): a dependency whose own
 * `engines.node` leaves that version out makes `npm install` warn EBADENGINE, and may use
 * what that Node lacks. `npm run lint` checks the lockfile with this rule; the fix is a
 * version of the parent, or an `overrides` entry in package.json, that supports it.
 */
import semver from 'semver';

/**
 * `path (version) wants Node <range>` for each package of a lockfile (v2 or v3) whose
 * `engines.node` does not admit the lowest version of `projectRange`.
 */
export function packagesBeyondNode(lock, projectRange) {
  const lowest = semver.minVersion(projectRange);
  if (!lowest) throw new Error(`engines.node "${projectRange}" admits no Node version`);
  const found = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const wanted = entry?.engines?.node;
    // Old packages wrote engines as a list; npm itself ignores those.
    if (path === '' || typeof wanted !== 'string') continue;
    if (!semver.satisfies(lowest, wanted, { includePrerelease: true })) {
      found.push(`${path} (${entry.version}) wants Node ${wanted}, not ${lowest.version}`);
    }
  }
  return found;
}
