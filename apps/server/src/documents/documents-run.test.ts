import { expect, it } from 'vitest';
import { createWorkflow, edge, node, runAndWait, upload, workflow } from '../test-support/run-fixtures.js';
import { encryptedPdf, samplePdf, sampleXlsx, truncated } from '../test-support/sample-documents.js';
import { describeEachDatabase, signUp, useTestWeft } from '../test-support/test-weft.js';

/** Document Loader → Text Splitter → Output, through the API, as a user builds an indexing chain. */
describeEachDatabase('loading and splitting uploads in a run', (database) => {
  const weft = useTestWeft(database);

  it('loads the chosen sheet of an uploaded workbook and splits its rows into numbered chunks', async () => {
    const user = await signUp(weft());
    const tickets = Array.from({ length: 6 }, (_, i) => [`T-${i + 1}`, `Customer ${i + 1} cannot export reports to PDF since the update. `.repeat(3)]);
    const file = await upload(weft(), user, 'support.xlsx', await sampleXlsx({ Summary: [['total'], [6]], Tickets: [['id', 'issue'], ...tickets] }));
    const id = await createWorkflow(
      weft(),
      user,
      workflow(
        'Index tickets',
        [
          node('load', 'rag.load', { source: 'file', file: { id: file.id, name: file.name }, url: '', sheet: 'Tickets' }),
          node('split', 'rag.split', { chunkSize: 150, chunkOverlap: 30, splitOn: 'sentences' }),
          node('out', 'output'),
        ],
        [edge('load', 'split'), edge('split', 'out')],
      ),
    );
    const run = await runAndWait(weft(), user, id);
    expect(run.error).toBeNull();
    const chunks = run.outputs.out as { text: string; metadata: Record<string, unknown> }[];
    expect(chunks.length).toBeGreaterThan(6);
    chunks.forEach((chunk, index) => {
      expect(chunk.text.length).toBeLessThanOrEqual(150);
      expect(chunk.metadata).toMatchObject({ source: 'support.xlsx', sheet: 'Tickets', chunk: index });
    });
    // Sentence mode: the row's header line and as many whole sentences as fit.
    const sentence = 'Customer 1 cannot export reports to PDF since the update.';
    expect(chunks[0]).toEqual({ text: `id: T-1\nissue: ${sentence} ${sentence}`, metadata: { source: 'support.xlsx', sheet: 'Tickets', row: 2, chunk: 0 } });
    expect(new Set(chunks.map((c) => c.metadata.row))).toEqual(new Set([2, 3, 4, 5, 6, 7]));
    expect(run.nodes.load?.logs.map((l) => l.message)).toEqual([expect.stringMatching(/^support\.xlsx \(\d+(\.\d)? KB\): 6 documents, \d[\d,]* characters$/)]);
    expect(run.nodes.split?.logs.map((l) => l.message)).toEqual([`6 documents → ${chunks.length} chunks of up to 150 characters, 30 overlap`]);
  });

  it('splits through the Split Documents converter the editor inserts between documents and chunks', async () => {
    const user = await signUp(weft());
    const longPage = 'Weft keeps every run with its inputs and outputs. '.repeat(40);
    const file = await upload(weft(), user, 'policy.pdf', await samplePdf([longPage.trim().replace(/(.{90}) /g, '$1\n'), 'Short second page.']));
    const id = await createWorkflow(
      weft(),
      user,
      workflow(
        'Loader straight into chunks',
        [
          node('load', 'rag.load', { source: 'file', file: file.id }),
          node('conv', 'convert', { sourceType: 'documents', targetType: 'chunks' }),
          node('out', 'output'),
        ],
        [edge('load', 'conv'), edge('conv', 'out')],
      ),
    );
    const run = await runAndWait(weft(), user, id);
    expect(run.error).toBeNull();
    const chunks = run.outputs.out as { text: string; metadata: Record<string, unknown> }[];
    // The Text Splitter's defaults: 1,000 characters, 200 overlap. Page 1 (about 2,000) needs several.
    const pageOne = chunks.filter((c) => c.metadata.page === 1);
    expect(pageOne.length).toBeGreaterThan(1);
    expect(chunks.at(-1)).toEqual({ text: 'Short second page.', metadata: { source: 'policy.pdf', page: 2, chunk: chunks.length - 1 } });
    expect(chunks.map((c) => c.metadata.chunk)).toEqual(chunks.map((_, index) => index));
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1000);
  });

  it('fails the loader with a message naming the file and its problem', async () => {
    const user = await signUp(weft());
    const run = async (fileId: string) => {
      const document = workflow('Load', [node('load', 'rag.load', { file: fileId }), node('out', 'output')], [edge('load', 'out')]);
      return runAndWait(weft(), user, await createWorkflow(weft(), user, document));
    };
    const locked = await upload(weft(), user, 'report.pdf', await encryptedPdf(['Quarterly numbers']));
    const lockedRun = await run(locked.id);
    expect(lockedRun.status).toBe('error');
    expect(lockedRun.nodes.load?.error).toBe('report.pdf: the PDF is password-protected; remove the password and upload it again');

    const cut = await upload(weft(), user, 'cut.pdf', truncated(await samplePdf(['A page that will not arrive whole']), 0.1));
    expect((await run(cut.id)).nodes.load?.error).toBe('cut.pdf: not a valid PDF file (it may be damaged or cut short)');
  });
});
