#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
/**
 * `npm test`: every suite, in order, then one summary line `N passed, N failed`.
 *   1. lint + format (Biome)          counts as 1 check
 *      architecture rules             counts as 1 check (scripts/check-architecture.mjs)
 *   2. typecheck (tsc, every package) counts as 1 check
 *   3. unit + API tests (vitest; API suites on SQLite and PostgreSQL)
 *   4. build, then browser tests (Playwright driving Debian's Chromium)
 * With CI=true a missing Chromium or PostgreSQL fails the run instead of skipping.
 * Pass --skip-e2e to leave the browser suite out locally.
 */
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });
const ci = Boolean(process.env.CI);
const skipE2e = process.argv.includes('--skip-e2e');
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n── ${label} ──\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(`── ${label}: ${result.status === 0 ? 'ok' : `exit ${result.status}`} in ${((Date.now() - started) / 1000).toFixed(1)}s ──\n`);
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

check('lint (biome)', 'npx', ['biome', 'check', '.']);
check('architecture rules', 'node', ['scripts/check-architecture.mjs']);
check('typecheck (tsc)', 'npm', ['run', '--silent', 'typecheck']);

const vitestReport = path.join(out, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
const vitestOk = run('unit and API tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (!vitestOk && (vitest.numFailedTests ?? 0) === 0) {
    // A suite that failed to load has no failed tests of its own: count it.
    totals.failed += Math.max(1, vitest.numFailedTestSuites ?? 0);
    problems.push('vitest suites failed to load');
  } else if (!vitestOk) problems.push('vitest');
} else {
  totals.failed += 1;
  problems.push('vitest produced no report');
}

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const hasE2e = fs.existsSync(path.join(root, 'e2e/tests')) && fs.readdirSync(path.join(root, 'e2e/tests')).some((f) => f.endsWith('.spec.ts'));
if (skipE2e) {
  process.stdout.write('\n── browser tests skipped (--skip-e2e) ──\n');
} else if (!chromium) {
  if (ci) {
    totals.failed += 1;
    problems.push('Chromium is missing (apt-get install -y chromium)');
  } else process.stdout.write('\n── browser tests skipped: Chromium not found (apt-get install -y chromium) ──\n');
} else if (hasE2e) {
  if (!run('build', 'npm', ['run', '--silent', 'build'])) {
    totals.failed += 1;
    problems.push('build');
  } else {
    const pwReport = path.join(out, 'playwright.json');
    fs.rmSync(pwReport, { force: true });
    const pwOk = run('browser tests (playwright + chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
      CHROMIUM_PATH: chromium,
    });
    const pw = readJson(pwReport);
    if (pw?.stats) {
      totals.passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
      totals.failed += pw.stats.unexpected ?? 0;
      totals.skipped += pw.stats.skipped ?? 0;
      if (!pwOk && !(pw.stats.unexpected > 0)) {
        totals.failed += 1;
        problems.push('playwright exited with an error');
      } else if (!pwOk) problems.push('browser tests');
    } else {
      totals.failed += 1;
      problems.push('playwright produced no report');
    }
  }
}

if (problems.length) process.stdout.write(`\nFailed: ${problems.join('; ')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
