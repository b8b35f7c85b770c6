import { Worker } from 'node:worker_threads';
import { toWire } from './content-errors.js';
import type { ContentLimits } from './content-limits.js';
import type { ContentTask, FromWorker, ToWorker } from './content-protocol.js';
import { runContentTask } from './content-tasks.js';
import { TaskInput } from './task-input.js';

/**
 * A content worker: a child process of the server (content-pool.ts) doing one task at a
 * time. It trusts nothing it reads and is trusted with nothing: no environment, no
 * database, only the task's data. The pool enforces its memory and time from outside.
 */

interface Pending {
  readonly id: number;
  readonly task: ContentTask;
  readonly limits: ContentLimits;
  readonly input: TaskInput;
}

/** Result batches written ahead of the server's reading. */
const BATCHES_IN_FLIGHT = 4;

let pending: Pending | undefined;

process.title = 'weft-content-worker';
guardAgainstOrphaning();
// The server closed the channel (it stopped, or let this idle worker go).
process.on('disconnect', () => process.exit(0));
process.on('message', (message: ToWorker) => {
  if (message.type === 'task') {
    // The task starts now: a split works on the first texts while the rest arrive (task-input.ts).
    pending = { id: message.id, task: message.task, limits: message.limits, input: new TaskInput(message.inputBatches) };
    void run(pending);
    return;
  }
  if (!pending || pending.id !== message.id) return;
  pending.input.add(message.items);
});
void send({ type: 'ready' });

async function run(task: Pending): Promise<void> {
  try {
    // A few batches in flight: the next is serialised while the server reads the last, and no more pile up here.
    const inFlight: Promise<void>[] = [];
    const result = await runContentTask(task.task, task.input, task.limits, async (items) => {
      inFlight.push(send({ type: 'batch', id: task.id, items }));
      if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
    });
    await Promise.all(inFlight);
    await send({ type: 'done', id: task.id, result });
  } catch (error) {
    await send({ type: 'failed', id: task.id, error: toWire(error) }).catch(() => process.exit(1));
  } finally {
    if (pending === task) pending = undefined;
  }
}

/** Resolves once the message is handed to the channel, so batches never pile up here faster than they leave. */
function send(message: FromWorker): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error('a content worker must be started by the server (it has no IPC channel)'));
      return;
    }
    process.send(message, undefined, {}, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

/**
 * If the server dies without stopping this process (killed outright), a parse stuck in a
 * loop would keep a core busy for as long as the loop lasts, with nobody left to kill it:
 * a small thread, which a blocked main thread cannot hold up, ends the process when its
 * parent is gone.
 */
function guardAgainstOrphaning(): void {
  const guard = new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL'); }, 1000);`,
    { eval: true, workerData: { parent: process.ppid } },
  );
  // A guard that fails must not take the worker with it: the pool's own limits still hold.
  guard.on('error', () => undefined);
  guard.unref();
}
