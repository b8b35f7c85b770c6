import type { WorkflowDocument } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { createWorkflow, edge, node, runAndWait, upload, workflow } from '../test-support/run-fixtures.js';
import { samplePdf } from '../test-support/sample-documents.js';
import { useScaleOutCluster } from '../test-support/scale-out-weft.js';
import { describeEachDatabase, signUp, useTestWeft } from '../test-support/test-weft.js';

function loaderWorkflow(fileId: string): WorkflowDocument {
  return workflow('Read the upload', [node('load', 'rag.load', { source: 'file', file: fileId }), node('out', 'output')], [edge('load', 'out')]);
}

/** The Document Loader reads uploads through NodeServices.files, for the run's owner only. */
describeEachDatabase('files node service', (database) => {
  const weft = useTestWeft(database);

  it('gives a run its owner’s upload: the Document Loader reads a PDF and a CSV', async () => {
    const user = await signUp(weft());
    const pdf = await upload(weft(), user, 'handbook.pdf', await samplePdf(['Leave is 25 days.', 'Ask HR first.']));
    const pdfRun = await runAndWait(weft(), user, await createWorkflow(weft(), user, loaderWorkflow(pdf.id)));
    expect(pdfRun.error).toBeNull();
    expect(pdfRun.outputs.out).toEqual([
      { text: 'Leave is 25 days.', metadata: { source: 'handbook.pdf', page: 1 } },
      { text: 'Ask HR first.', metadata: { source: 'handbook.pdf', page: 2 } },
    ]);

    const csv = await upload(weft(), user, 'faq.csv', new TextEncoder().encode('q,a\nWhy?,Because.\n'));
    const csvRun = await runAndWait(weft(), user, await createWorkflow(weft(), user, loaderWorkflow(csv.id)));
    expect(csvRun.outputs.out).toEqual([{ text: 'q: Why?\na: Because.', metadata: { source: 'faq.csv', row: 2 } }]);
  });

  it('fails a run that points at another user’s or a deleted file, saying what to do', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const file = await upload(weft(), owner, 'mine.txt', new TextEncoder().encode('private words'));
    const message = `The uploaded file ${file.id} was not found: it was deleted, or belongs to another account. Choose or upload the file again in the node's File field.`;

    const borrowed = await runAndWait(weft(), other, await createWorkflow(weft(), other, loaderWorkflow(file.id)));
    expect(borrowed.status).toBe('error');
    expect(borrowed.nodes.load?.error).toBe(message);
    expect(JSON.stringify(borrowed)).not.toContain('private words');

    const ownWorkflow = await createWorkflow(weft(), owner, loaderWorkflow(file.id));
    expect((await runAndWait(weft(), owner, ownWorkflow)).status).toBe('success');
    const deleted = await weft().app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    const afterDelete = await runAndWait(weft(), owner, ownWorkflow);
    expect(afterDelete.nodes.load?.error).toBe(message);
  });
});

describe('files in scale-out mode', () => {
  const cluster = useScaleOutCluster();

  it('a worker reads a file uploaded through the API process: both see the one database', async () => {
    const { api, worker } = cluster();
    const user = await signUp(api);
    const file = await upload(api, user, 'notes.md', new TextEncoder().encode('# Notes\n\nWorkers read this.'));
    const run = await runAndWait(api, user, await createWorkflow(api, user, loaderWorkflow(file.id)));
    expect(run.error).toBeNull();
    expect(run.outputs.out).toEqual([{ text: '# Notes\n\nWorkers read this.', metadata: { source: 'notes.md' } }]);
    const row = await api.services.db.selectFrom('executions').select('runner_id').where('id', '=', run.id).executeTakeFirstOrThrow();
    expect(row.runner_id).toBe(worker.runnerId);
  });
});
