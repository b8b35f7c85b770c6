import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthy, load, MAX_STALL_MS, upload } from '../test-support/content-run.js';
import {
  deflateBombPdf,
  manyRunsDocx,
  mergedCellBombXlsx,
  nestedHtml,
  nestedJson,
  unpackBombXlsx,
  wideJson,
  xobjectFanOutPdf,
} from '../test-support/malicious-documents.js';
import { type PeerServer, startPeerServer } from '../test-support/peer-server.js';
import { sampleDocx, samplePdf, utf8 } from '../test-support/sample-documents.js';
import { signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * Issue 19's files, each generated here, uploaded (or served as a web page) and run through
 * a Document Loader on a real Weft: the node fails naming the file and the limit, the event
 * loop never stalls long while it happens, and the server still answers afterwards. The
 * database plays no part in any of it, so SQLite alone.
 */

describe('malicious documents refused by a limit, with the default limits', () => {
  const weft = useTestWeft('sqlite');
  let peer: PeerServer;
  const pages: Record<string, { type: string; body: string }> = {
    '/deep.html': { type: 'text/html', body: nestedHtml(700_000) },
    '/deep.json': { type: 'application/json', body: nestedJson(4_000_000) },
  };
  beforeAll(async () => {
    peer = await startPeerServer((request, response) => {
      const page = pages[request.path];
      response.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
      response.end(page?.body ?? 'no such page');
    });
  });
  afterAll(() => peer.close());

  const cases: [string, () => Promise<Uint8Array> | Uint8Array, string][] = [
    [
      'merged.xlsx',
      mergedCellBombXlsx,
      'merged.xlsx: the workbook has 17,177,739,272 cells (a merged range counts every cell it covers); the limit is 200,000 cells (WEFT_CONTENT_MAX_CELLS)',
    ],
    ['bomb.xlsx', () => unpackBombXlsx(1024), 'bomb.xlsx: it unpacks to 1,024 MB; the limit is 256 MB (WEFT_CONTENT_MAX_UNPACKED_MB)'],
    ['liar.xlsx', () => unpackBombXlsx(1024, true), 'liar.xlsx: not a valid Excel file (a part of it unpacks to more than the file declares, as zip bombs do)'],
    ['deep.html', () => utf8(nestedHtml(700_000)), 'deep.html: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)'],
    ['wide.json', () => utf8(wideJson(300_000)), 'wide.json: the list has 300,000 items; the limit is 200,000 rows (WEFT_CONTENT_MAX_ROWS)'],
  ];
  for (const [name, make, expected] of cases) {
    it(`fails the loader on ${name}, naming the file and the limit`, async () => {
      const user = await signUp(weft());
      const file = await upload(weft(), user, name, await make());
      const { run, longestStallMs } = await load(weft(), user, { file: file.id });
      expect(run.status).toBe('error');
      expect(run.nodes.load?.error).toBe(expected);
      expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
      await expectHealthy(weft());
    });
  }

  it('fails the loader on a web page of 700,000 nested <div> and on JSON nested 4 million deep', async () => {
    const user = await signUp(weft());
    for (const [path, limit] of [
      ['/deep.html', 'it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)'],
      ['/deep.json', 'it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)'],
    ] as const) {
      const { run, longestStallMs } = await load(weft(), user, { url: `${peer.origin}${path}` });
      expect(run.nodes.load?.error).toBe(`${peer.origin}${path}: ${limit}`);
      expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
    }
    await expectHealthy(weft());
  });

  it('still reads ordinary files the same way after all that', async () => {
    const user = await signUp(weft());
    const pdf = await upload(weft(), user, 'fine.pdf', await samplePdf(['First page', 'Second page']));
    const docx = await upload(weft(), user, 'fine.docx', await sampleDocx(['A paragraph.']));
    expect((await load(weft(), user, { file: pdf.id })).run.outputs.out).toEqual([
      { text: 'First page', metadata: { source: 'fine.pdf', page: 1 } },
      { text: 'Second page', metadata: { source: 'fine.pdf', page: 2 } },
    ]);
    expect((await load(weft(), user, { file: docx.id })).run.outputs.out).toEqual([{ text: 'A paragraph.', metadata: { source: 'fine.docx' } }]);
  });
});

describe('malicious documents stopped by the worker memory limit', () => {
  // Lower than the default so the tests reach it in a few seconds; the files would take gigabytes.
  const weft = useTestWeft('sqlite', { env: { WEFT_CONTENT_MEMORY_MB: '256' } });

  const cases: [string, () => Promise<Uint8Array> | Uint8Array][] = [
    // 3 million runs in about 170 KB: mammoth ran out of heap and took the process with it.
    ['runs.docx', () => manyRunsDocx(3_000_000)],
    // A content stream inflating to 2 GB from 2 MB: PDF.js keeps it whole, outside the V8 heap.
    ['bomb.pdf', () => deflateBombPdf(2048)],
  ];
  for (const [name, make] of cases) {
    it(`fails the loader on ${name} naming the memory limit, and the server lives on`, async () => {
      const user = await signUp(weft());
      const file = await upload(weft(), user, name, await make());
      const { run, longestStallMs } = await load(weft(), user, { file: file.id });
      expect(run.nodes.load?.error).toBe(`${name}: reading it needed more than 256 MB of memory (WEFT_CONTENT_MEMORY_MB)`);
      expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
      await expectHealthy(weft());
    });
  }
});

describe('malicious documents stopped by the worker time limit', () => {
  const weft = useTestWeft('sqlite', { env: { WEFT_CONTENT_TIMEOUT_S: '3' } });

  it('fails the loader on a PDF whose pages fan out to shared XObjects, naming the time limit', async () => {
    const user = await signUp(weft());
    const bytes = await xobjectFanOutPdf();
    expect(bytes.byteLength).toBeLessThan(6000);
    const file = await upload(weft(), user, 'fanout.pdf', bytes);
    const { run, longestStallMs } = await load(weft(), user, { file: file.id });
    expect(run.nodes.load?.error).toBe('fanout.pdf: reading it took longer than 3 s (WEFT_CONTENT_TIMEOUT_S)');
    expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
    await expectHealthy(weft());
  });
});
