/**
 * `npm run lint`'s second half: the architecture rules of docs/ARCHITECTURE.md
 * (scripts/architecture-rules.mjs) over every git-tracked source file.
 * Prints `path:line: error|warning: message` per finding and a summary; exits 1 on any error.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFile, isCheckedSource } from './architecture-rules.mjs';
import { packagesBeyondNode } from './engine-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((file) => file !== '' && isCheckedSource(file));

const findings = [];
let checked = 0;
for (const file of tracked) {
  const absolute = path.join(root, file);
  // A tracked file deleted in the working tree is someone's change in progress, not a finding.
  if (!fs.existsSync(absolute)) continue;
  findings.push(...checkFile(file, fs.readFileSync(absolute, 'utf8')));
  checked += 1;
}

// The lockfile against the Node the project promises (engine-rules.mjs).
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
for (const message of packagesBeyondNode(readJson('package-lock.json'), readJson('package.json').engines.node)) {
  findings.push({ path: 'package-lock.json', line: 1, severity: 'error', rule: 'engines', message });
}

findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'warning' ? -1 : 1) || a.path.localeCompare(b.path) || a.line - b.line);
for (const { path: file, line, severity, message } of findings) console.log(`${file}:${line}: ${severity}: ${message}`);

const errors = findings.filter((item) => item.severity === 'error').length;
const warnings = findings.length - errors;
// From process start, so loading the TypeScript parser counts too.
const seconds = process.uptime().toFixed(1);
console.log(`check-architecture: ${checked} files, ${errors} errors, ${warnings} warnings (${seconds} s)`);
process.exitCode = errors > 0 ? 1 : 0;
