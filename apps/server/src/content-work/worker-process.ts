import { type ChildProcess, fork } from 'node:child_process';
import type { FromWorker, ToWorker } from './content-protocol.js';
import { contentWorkerScript } from './content-worker-script.js';
import { type Mebibytes, residentMb } from './resident-memory.js';

const STDERR_TAIL = 4096;

type Handle = { ref(): void; unref(): void };

export interface WorkerProcessEvents {
  message(message: FromWorker): void;
  /** The process ended (or never started: `code` and `signal` null, `spawnError` set). */
  exit(code: number | null, signal: NodeJS.Signals | null, spawnError?: Error): void;
}

/**
 * One content worker's child process, as the pool sees it: forked from the worker script
 * with its V8 heap capped at `memoryMb`, an empty environment, the V8 serializer on the IPC
 * channel (so bytes cross as a Uint8Array), and the end of its stderr kept, where V8
 * reports running out of heap. Throws when the process cannot be forked at all.
 */
export class WorkerProcess {
  ready = false;
  /** Resident memory at the last sample. */
  rssMb: Mebibytes = 0;
  private readonly child: ChildProcess;
  private stderrTail = '';
  private exitSeen = false;
  readonly exited: Promise<void>;

  constructor(memoryMb: number, events: WorkerProcessEvents) {
    const script = contentWorkerScript();
    this.child = fork(script.modulePath, [], {
      execArgv: [...script.execArgv, `--max-old-space-size=${memoryMb}`],
      // Nothing in a worker needs the server's environment (keys, database URLs); the zone keeps dates as the server reads them.
      env: process.env.TZ ? { TZ: process.env.TZ } : {},
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL);
    });
    this.child.on('message', (message: FromWorker) => events.message(message));
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitSeen = true;
        events.exit(code, signal);
        resolve();
      });
      this.child.on('error', (error) => {
        // Forking failed and no exit follows; otherwise (a kill or a send that failed) the exit comes.
        if (this.child.pid !== undefined || this.exitSeen) return;
        this.exitSeen = true;
        events.exit(null, null, error);
        resolve();
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: ToWorker): void {
    // A worker that died meanwhile fails its task through its exit; the write error says nothing more.
    this.child.send(message, (error) => {
      if (error) this.kill();
    });
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  /** Reads the process's resident memory now; undefined when it cannot be read (gone, or no /proc). */
  async sampleMemory(): Promise<Mebibytes | undefined> {
    if (this.pid === undefined) return undefined;
    const rss = await residentMb(this.pid);
    if (rss !== undefined) this.rssMb = rss;
    return rss;
  }

  /** V8 ends a process over its heap limit with this on stderr, before the watchdog sees the RSS. */
  get ranOutOfHeap(): boolean {
    return /heap out of memory|Allocation failed/i.test(this.stderrTail);
  }

  /** The last lines it wrote to stderr: why a worker that never started did not. */
  get lastWords(): string {
    return this.stderrTail.trim().split('\n').slice(-3).join(' ');
  }

  /** Whether the process (its handle, IPC channel and stderr pipe) keeps the server's event loop alive. */
  hold(hold: boolean): void {
    const handles: (Handle | null | undefined)[] = [this.child, this.child.channel, this.child.stderr as unknown as Handle | null];
    for (const handle of handles) {
      if (hold) handle?.ref();
      else handle?.unref();
    }
  }
}
