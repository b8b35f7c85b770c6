/** Whether a process with this id is running (signal 0 checks without sending; EPERM means it is, but not ours). */
export function processAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
