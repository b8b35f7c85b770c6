import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** /proc/loadavg as the kernel writes it (1, 5 and 15 minutes, runnable/all, last pid): how busy the machine was. */
export const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

/** The machine a result was measured on: cores, CPU model, Node; `more` adds what a benchmark records beside them (its load). */
export function machineInfo(more = {}) {
  return { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, ...more };
}

/** Writes `bench/results/<file>` as indented JSON (the files the README's tables quote). */
export function writeResults(file, value) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, file), `${JSON.stringify(value, null, 2)}\n`);
}
