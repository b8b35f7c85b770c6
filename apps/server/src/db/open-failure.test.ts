import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWeftPlace, removeWeftPlace, startWeftAt, type WeftPlace } from '../test-support/restartable-weft.js';
import { refusedStart } from '../test-support/source-weft.js';

/**
 * Root is never kept out of a folder by its mode: as root the start runs as `nobody`
 * (setpriv); as anyone else the folder's mode keeps that user out.
 */
function otherUser(): { uid: number | undefined } | { skip: string } {
  if (process.getuid?.() !== 0) return { uid: undefined };
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
    return { uid: Number(execFileSync('id', ['-u', 'nobody']).toString().trim()) };
  } catch {
    return { skip: 'running as root, without setpriv or a nobody user to run Weft as someone else' };
  }
}
const runAs = otherUser();
const unavailable = 'skip' in runAs ? runAs.skip : undefined;
if (unavailable && process.env.CI) throw new Error(`The read-only data folder tests cannot run: ${unavailable}`);
const otherUid = 'uid' in runAs ? runAs.uid : undefined;
/** The uid the refused start runs as. */
const uid = otherUid ?? process.getuid?.() ?? 0;

/** Starts Weft on `dataDir` as a user that may not write `closed`, expecting it to stop. */
async function refusedAsOther(dataDir: string, closed: string): Promise<{ code: number | null; log: string }> {
  fs.chmodSync(closed, otherUid === undefined ? 0o555 : 0o755);
  try {
    return await refusedStart({ dataDir, ...(otherUid === undefined ? {} : { uid: otherUid }) });
  } finally {
    fs.chmodSync(closed, 0o755);
  }
}

/**
 * Issue 19: a data folder Weft may not write stopped the start with SQLite's "unable to
 * open database file", no path and no cause. Real refusals: a process of a user the
 * folder keeps out. Each start is a process from the sources (seconds; more when loaded).
 */
describe.skipIf(unavailable !== undefined)('a data folder this user may not write', () => {
  let place: WeftPlace;
  afterEach(() => removeWeftPlace(place));

  it('stops the start naming the folder, the cause and what to do', { timeout: 120_000 }, async () => {
    place = await createWeftPlace('sqlite');
    // A folder with a database in it, from an earlier start as its owner.
    await (await startWeftAt(place)).close();
    const dataDir = path.resolve(place.dataDir);
    const before = fs.readdirSync(dataDir).sort();

    const refused = await refusedAsOther(dataDir, dataDir);
    expect(refused.code).toBe(1);
    const owner = fs.statSync(dataDir).uid;
    const mode = otherUid === undefined ? '0555' : '0755';
    expect(refused.log).toContain(
      `weft: Weft cannot open ${path.join(dataDir, 'weft.lock')}: this user (uid ${uid}) may not write in ${dataDir} (owner uid ${owner}, mode ${mode})`,
    );
    expect(refused.log).toContain(
      `Give this user the folder (chown -R ${uid} ${dataDir}) or run Weft as its owner, or set DATA_DIR to a folder this user can create and write to.`,
    );
    // Nothing was made in the folder.
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  });

  it('says when the folder does not exist and cannot be made there', { timeout: 120_000 }, async () => {
    place = await createWeftPlace('sqlite');
    const parent = path.resolve(place.dataDir);
    const dataDir = path.join(parent, 'not-yet', 'data');

    const refused = await refusedAsOther(dataDir, parent);
    expect(refused.code).toBe(1);
    const mode = otherUid === undefined ? '0555' : '0755';
    expect(refused.log).toContain(
      `: ${dataDir} does not exist and this user (uid ${uid}) may not create it in ${parent} (owner uid ${fs.statSync(parent).uid}, mode ${mode})`,
    );
    expect(refused.log).toContain(`Create it for this user (mkdir -p ${dataDir} && chown -R ${uid} ${dataDir})`);
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});
