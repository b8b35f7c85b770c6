import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parseDocument } from '../documents/parse-document.js';
import { splitDocuments } from '../documents/split-documents.js';
import { closedAfter } from '../test-support/closed-after.js';
import { deflateBombPdf, xobjectFanOutPdf } from '../test-support/malicious-documents.js';
import { processAlive } from '../test-support/process-alive.js';
import { utf8 } from '../test-support/sample-documents.js';
import { piecesOf } from './content-batches.js';
import { ContentPool } from './content-pool.js';
import type { ContentPoolOptions } from './content-pool-options.js';
import { ContentWork } from './content-work.js';
import { DocumentUnpacker } from './packing.js';

const pool = closedAfter((options: ContentPoolOptions = {}) => new ContentPool(options));

/** Waits until a worker has a task (started from TypeScript sources, a worker takes a second or more to start). */
async function busyWorker(content: ContentPool): Promise<number> {
  let pid: number | undefined;
  await vi.waitFor(
    () => {
      pid = content.describeWorkers().find((worker) => worker.busy)?.pid;
      expect(pid).toBeDefined();
    },
    { timeout: 30_000, interval: 20 },
  );
  return pid as number;
}

function csv(rows: number, label = 'row'): Uint8Array {
  const lines = ['id,text'];
  for (let index = 1; index <= rows; index++) lines.push(`${index},${label} ${index} ${'lorem ipsum dolor sit amet '.repeat(5)}`);
  return utf8(lines.join('\n'));
}

async function parse(content: ContentPool, name: string, bytes: Uint8Array, options: { owner?: string; signal?: AbortSignal } = {}) {
  const unpacker = new DocumentUnpacker();
  let batches = 0;
  await content.run(
    { kind: 'parse', name },
    {
      subject: name,
      doing: 'reading it',
      ...options,
      input: piecesOf(bytes),
      onBatch: (packs) => {
        batches += 1;
        for (const pack of packs) unpacker.add(pack);
      },
    },
  );
  return { documents: unpacker.documents, batches };
}

describe('content pool', () => {
  it('parses in a worker process as in process, the documents arriving in several messages', async () => {
    const content = pool();
    const bytes = csv(5000);
    const { documents, batches } = await parse(content, 'rows.csv', bytes);
    expect(documents).toEqual(await parseDocument({ name: 'rows.csv', bytes }));
    // 5,000 rows of about 150 characters: more than one message's worth (content-batches.ts).
    expect(batches).toBeGreaterThan(1);
  });

  it('splits in a worker as in process, chunks named by their place in the documents sent', async () => {
    const work = new ContentWork();
    try {
      const { documents } = await parse(pool(), 'rows.csv', csv(3000));
      documents.push({ text: `A page with a U+2029\u2029in it. ${'And more text after it. '.repeat(80)}`, metadata: { source: 'odd.txt' } });
      const options = { chunkSize: 200, chunkOverlap: 50, splitOn: 'paragraphs' } as const;
      expect(await work.splitDocuments(documents, options)).toEqual(await splitDocuments(documents, options));
    } finally {
      await work.close();
    }
  });

  it('keeps its worker for the next task and gives it none of the server environment', async () => {
    process.env.WEFT_TEST_SECRET_FOR_WORKERS = 'must-not-leak';
    try {
      const content = pool();
      await parse(content, 'a.csv', csv(3));
      const [first] = content.describeWorkers();
      await parse(content, 'b.csv', csv(3));
      expect(content.describeWorkers()).toEqual([{ pid: first?.pid, busy: false, holding: false }]);
      const environment = readFileSync(`/proc/${first?.pid}/environ`, 'utf8');
      expect(environment).not.toContain('must-not-leak');
      // Node sets NODE_CHANNEL_* itself for the IPC channel; nothing else may come from the server.
      const variables = environment.split('\0').filter((entry) => entry !== '' && !entry.startsWith('NODE_CHANNEL_'));
      expect(variables).toEqual(process.env.TZ ? [`TZ=${process.env.TZ}`] : []);
    } finally {
      delete process.env.WEFT_TEST_SECRET_FOR_WORKERS;
    }
  });

  it('stops a task at its time limit by killing the worker, and starts another for the next task', async () => {
    const content = pool({ timeoutMs: 1500 });
    const running = parse(content, 'fanout.pdf', await xobjectFanOutPdf());
    const pid = await busyWorker(content);
    await expect(running).rejects.toThrow('fanout.pdf: reading it took longer than 1.5 s (WEFT_CONTENT_TIMEOUT_S)');
    await vi.waitFor(() => expect(processAlive(pid)).toBe(false));
    const { documents } = await parse(content, 'after.csv', csv(2));
    expect(documents).toHaveLength(2);
    expect(content.describeWorkers().map((worker) => worker.pid)).not.toContain(pid);
  });

  it('kills a worker whose memory passes the limit, ArrayBuffers included', async () => {
    // PDF.js keeps a stream's inflated bytes in an ArrayBuffer, outside the V8 heap limit: the RSS watchdog sees them.
    const content = pool({ memoryMb: 192 });
    const running = parse(content, 'bomb.pdf', await deflateBombPdf(1024));
    const pid = await busyWorker(content);
    await expect(running).rejects.toThrow('bomb.pdf: reading it needed more than 192 MB of memory (WEFT_CONTENT_MEMORY_MB)');
    await vi.waitFor(() => expect(processAlive(pid)).toBe(false));
  });

  it('kills the worker of a task that is cancelled while it runs, failing it with the reason', async () => {
    const content = pool();
    const controller = new AbortController();
    const running = parse(content, 'fanout.pdf', await xobjectFanOutPdf(), { signal: controller.signal });
    const pid = await busyWorker(content);
    controller.abort(new Error('Cancelled by its owner'));
    await expect(running).rejects.toThrow('Cancelled by its owner');
    await vi.waitFor(() => expect(processAlive(pid)).toBe(false));
  });

  it('kills a busy worker on close (as SIGTERM does), failing its task and the waiting ones as shut down', async () => {
    const content = pool({ workers: 1 });
    const running = parse(content, 'fanout.pdf', await xobjectFanOutPdf());
    const waiting = parse(content, 'next.csv', csv(2));
    const pid = await busyWorker(content);
    const failures = Promise.all([
      expect(running).rejects.toThrow('fanout.pdf: Weft is shutting down'),
      expect(waiting).rejects.toThrow('next.csv: Weft is shutting down'),
    ]);
    await content.close();
    expect(processAlive(pid)).toBe(false);
    await failures;
  });

  it('serves waiting tasks round-robin between owners', async () => {
    const content = pool({ workers: 1 });
    const finished: string[] = [];
    const submit = (owner: string, name: string) => parse(content, name, csv(2), { owner }).then(() => finished.push(name));
    // All are queued before the worker has started, so the order is the queue's alone.
    await Promise.all([submit('ada', 'a1.csv'), submit('ada', 'a2.csv'), submit('ada', 'a3.csv'), submit('bob', 'b1.csv')]);
    expect(finished).toEqual(['a1.csv', 'b1.csv', 'a2.csv', 'a3.csv']);
  });

  it('keeps a worker free for others while one owner holds its share', async () => {
    const content = pool({ workers: 2, workersPerOwner: 1 });
    const slow = parse(content, 'fanout.pdf', await xobjectFanOutPdf(), { owner: 'ada' }).catch((error: Error) => error);
    let adasSecondDone = false;
    const adasSecond = parse(content, 'a2.csv', csv(2), { owner: 'ada' }).then(
      () => {
        adasSecondDone = true;
      },
      (error: Error) => error,
    );
    await busyWorker(content);
    await parse(content, 'b1.csv', csv(2), { owner: 'bob' });
    await parse(content, 'c1.csv', csv(2), { owner: 'cy' });
    // Ada's second task waits for her first: the other worker stayed free for Bob and Cy.
    expect(adasSecondDone).toBe(false);
    await content.close();
    expect(await slow).toBeInstanceOf(Error);
    expect(await adasSecond).toEqual(new Error('a2.csv: Weft is shutting down; run the workflow again once it is back'));
  });
});
