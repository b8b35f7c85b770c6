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

  it('fails a run on a deleted file naming the file, and on another user’s file telling nothing of it', async () => {
    const owner = await signUp(weft());
    const other = await signUp(weft());
    const file = await upload(weft(), owner, 'handbook 2026.txt', new TextEncoder().encode('private words'));
    const unknown = `The chosen file was not found: it was deleted, or belongs to another account (file id ${file.id}). Choose or upload the file again in the node's File field.`;

    const borrowed = await runAndWait(weft(), other, await createWorkflow(weft(), other, loaderWorkflow(file.id)));
    expect(borrowed.status).toBe('error');
    expect(borrowed.nodes.load?.error).toBe(unknown);
    expect(JSON.stringify(borrowed)).not.toContain('private words');

    const ownWorkflow = await createWorkflow(weft(), owner, loaderWorkflow(file.id));
    expect((await runAndWait(weft(), owner, ownWorkflow)).status).toBe('success');
    const deleted = await weft().app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    const afterDelete = await runAndWait(weft(), owner, ownWorkflow);
    expect(afterDelete.status).toBe('error');
    expect(afterDelete.nodes.load?.error).toBe(
      `The uploaded file "handbook 2026.txt" was deleted from your files. Choose or upload it again in the node's File field.`,
    );
    expect(afterDelete.nodes.load?.error).not.toContain(file.id);
    // The name stays its owner's: the other account's run still learns nothing of it.
    const borrowedAgain = await runAndWait(weft(), other, await createWorkflow(weft(), other, loaderWorkflow(file.id)));
    expect(borrowedAgain.nodes.load?.error).toBe(unknown);
    // A second delete finds nothing to delete.
    const again = await weft().app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
  });

  it('forgets a deleted file’s name with its account', async () => {
    const owner = await signUp(weft(), { password: 'close-account' });
    const file = await upload(weft(), owner, 'gone.txt', new TextEncoder().encode('words'));
    expect((await weft().app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: owner.headers })).statusCode).toBe(204);
    const kept = () => weft().services.db.selectFrom('deleted_files').select('name').where('id', '=', file.id).execute();
    expect(await kept()).toEqual([{ name: 'gone.txt' }]);
    const closed = await weft().app.inject({ method: 'DELETE', url: '/api/me', headers: owner.headers, payload: { password: 'close-account' } });
    expect(closed.statusCode).toBe(204);
    expect(await kept()).toEqual([]);
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
