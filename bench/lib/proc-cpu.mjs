import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function statFields(pid) {
  // The command name may hold spaces: the fields that follow start after its closing parenthesis.
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
}

/**
 * CPU time of a whole process (every thread: utime + stime), in microseconds; with
 * `reaped`, also that of its children that ended and were waited for (cutime + cstime),
 * which is where a PostgreSQL backend's time goes once it exits. A process that is gone
 * counts 0.
 */
export function cpuUs(pid, { reaped = false } = {}) {
  try {
    const f = statFields(pid);
    const ticks = Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0);
    return (ticks * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * A PostgreSQL server's CPU so far: the postmaster, its live children (backends, WAL writer,
 * checkpointer…) and the children it reaped. Backends that end between two readings move
 * from the second term to the third, so the sum only grows.
 */
export function postgresCpuUs(postmaster, children) {
  return cpuUs(postmaster, { reaped: true }) + children.reduce((sum, pid) => sum + cpuUs(pid), 0);
}
