import { readFile } from 'node:fs/promises';

export type Mebibytes = number;

/**
 * A process's resident memory (VmRSS) from /proc: everything it holds, V8's heap and
 * the ArrayBuffers outside it alike. Undefined where there is no /proc (not Linux) or
 * the process is gone; the V8 heap limit and the time limit still hold there.
 */
export async function residentMb(pid: number): Promise<Mebibytes | undefined> {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
