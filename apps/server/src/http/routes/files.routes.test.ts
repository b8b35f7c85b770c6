import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ACCEPTED_UPLOADS_TEXT, type FileSummary, type WorkflowDocument } from '@weft/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock.js';
import { createWorkflow, edge, node, workflow } from '../../test-support/run-fixtures.js';
import { sampleDocx, samplePdf, sampleXlsx } from '../../test-support/sample-documents.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

const text = (value: string) => new TextEncoder().encode(value);
/** The start of a Windows program: the MZ header file-type knows. */
const exeBytes = () => Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, ...new Array(240).fill(0)]);

/** A Document Loader → Output workflow reading the upload `fileRef` points at. */
function loaderWorkflow(name: string, fileRef: unknown): WorkflowDocument {
  return workflow(name, [node('load', 'rag.load', { source: 'file', file: fileRef }), node('out', 'output')], [edge('load', 'out')]);
}

describeEachDatabase('file routes', (database) => {
  const clock = new ManualClock();
  const weft = useTestWeft(database, { clock });
  let owner: SignedIn;
  let stranger: SignedIn;

  const upload = (user: SignedIn | null, name: string | undefined, bytes: Uint8Array, contentType = 'application/octet-stream') =>
    weft().app.inject({
      method: 'POST',
      url: name === undefined ? '/api/files' : `/api/files?name=${encodeURIComponent(name)}`,
      headers: { ...(user?.headers ?? {}), 'content-type': contentType },
      payload: Buffer.from(bytes),
    });
  const uploaded = async (user: SignedIn, name: string, bytes: Uint8Array): Promise<FileSummary> => {
    const res = await upload(user, name, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file;
  };
  const get = (user: SignedIn | null, url: string) => weft().app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const remove = (user: SignedIn, id: string) => weft().app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: user.headers });

  beforeAll(async () => {
    owner = await signUp(weft());
    stranger = await signUp(weft());
  });

  it.each([
    ['GET', '/api/files'],
    ['GET', '/api/files/some-id'],
    ['GET', '/api/files/some-id/content'],
    ['DELETE', '/api/files/some-id'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    expect((await weft().app.inject({ method, url })).statusCode).toBe(401);
  });

  it('refuses an anonymous upload with 401 before reading it', async () => {
    const res = await upload(null, 'notes.txt', text('hello'));
    expect(res.statusCode).toBe(401);
  });

  it('takes each accepted type, detected from the content, and lists them newest first', async () => {
    const user = await signUp(weft());
    const samples: [string, Uint8Array, string][] = [
      ['handbook.pdf', await samplePdf(['Page one']), 'application/pdf'],
      ['letter.docx', await sampleDocx(['Dear reader']), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [
        'budget.xlsx',
        await sampleXlsx({
          Sheet1: [
            ['item', 'cost'],
            ['tea', 3],
          ],
        }),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['notes.txt', text('plain words\n'), 'text/plain'],
      ['readme.md', text('# Title\n\nBody ✓\n'), 'text/markdown'],
      ['faq.csv', text('\ufeffq,a\nWhy?,Because.\n'), 'text/csv'],
      ['table.tsv', text('a\tb\n1\t2\n'), 'text/tab-separated-values'],
      ['data.json', text('[{"a":1},{"a":2}]'), 'application/json'],
      ['page.html', text('<!doctype html><html><body><p>Hi</p></body></html>'), 'text/html'],
      ['page.xhtml.htm', text('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'), 'text/html'],
    ];
    const made: FileSummary[] = [];
    for (const [name, bytes, mimeType] of samples) {
      clock.advance(1000);
      const file = await uploaded(user, name, bytes);
      expect(file).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name,
        mimeType,
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdAt: clock.now().toISOString(),
        usedBy: [],
      });
      made.push(file);
    }
    const list = await get(user, '/api/files');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ files: [...made].reverse(), maxBytes: 25 * 1024 * 1024 });
    expect((await get(user, `/api/files/${made[0]?.id}`)).json()).toEqual({ file: made[0] });
  });

  it.each([
    ['text named .pdf', 'report.pdf', () => text('just some words'), 415, '"report.pdf" ends in .pdf but its content is text.'],
    ['a program named .txt', 'notes.txt', exeBytes, 415, '"notes.txt" ends in .txt but its content is a Windows program (.exe).'],
    ['a workbook named .docx', 'letter.docx', () => sampleXlsx({ S: [['a']] }), 415, 'its content is an Excel workbook (.xlsx)'],
    ['a PDF named .csv', 'table.csv', () => samplePdf(['x']), 415, '"table.csv" ends in .csv but its content is a PDF.'],
    ['random bytes named .pdf', 'scan.pdf', () => Uint8Array.from([1, 2, 3, 0, 250, 251]), 415, 'its content is not a PDF'],
    ['an unaccepted extension', 'setup.exe', exeBytes, 415, '"setup.exe" cannot be uploaded: .exe files are not accepted.'],
    ['a name without extension', 'README', () => text('hi'), 415, 'the name has no extension to say its type'],
    ['Latin-1 text', 'excel.csv', () => Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 415, 'is not UTF-8 text. Save it with UTF-8 encoding'],
    ['text with NUL bytes', 'dump.txt', () => Uint8Array.from([0x61, 0, 0x62]), 415, '"dump.txt" is not UTF-8 text'],
    ['JSON that does not parse', 'data.json', () => text('{"a": 1,}'), 400, '"data.json" is not valid JSON ('],
    ['an empty file', 'empty.txt', () => new Uint8Array(0), 400, '"empty.txt" is empty: there is nothing to upload.'],
  ])('refuses %s, saying why', async (_, name, bytes, status, message) => {
    const res = await upload(owner, name, await bytes());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
    if (status === 415) expect(res.json().message).toContain(`Weft accepts ${ACCEPTED_UPLOADS_TEXT}.`);
  });

  it('keeps only the last part of a path-like name and drops control characters', async () => {
    const user = await signUp(weft());
    expect((await uploaded(user, '../../etc/cron.d/evil.txt', text('x'))).name).toBe('evil.txt');
    expect((await uploaded(user, 'C:\\Users\\me\\report\u202Etxt.md', text('x'))).name).toBe('reporttxt.md');
    const res = await upload(user, '../', text('x'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Give the file a name with its extension, e.g. POST /api/files?name=handbook.pdf');
    expect((await upload(user, undefined, text('x'))).statusCode).toBe(400);
  });

  it('takes the name from an X-File-Name header, percent-encoded', async () => {
    const res = await weft().app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...owner.headers, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('Übersicht.md') },
      payload: Buffer.from('# Ü'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file.name).toBe('Übersicht.md');
  });

  it('refuses a form or JSON body with a 415 saying how to send the file', async () => {
    const form = await upload(owner, 'notes.txt', text('--x\r\nContent-Disposition: form-data\r\n\r\nhi\r\n--x--'), 'multipart/form-data; boundary=x');
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe(
      'Send the file as the raw request body with Content-Type: application/octet-stream and its name in ?name= (or an X-File-Name header), not as a form.',
    );
    expect((await upload(owner, 'data.json', text('{}'), 'application/json')).statusCode).toBe(415);
  });

  it('downloads as an attachment of a type no browser renders, under a safely encoded name', async () => {
    const bytes = text('<!doctype html><script>alert(1)</script>');
    const file = await uploaded(owner, 'Bericht "Q1" – Übersicht.html', bytes);
    const res = await get(owner, `/api/files/${file.id}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _Q1_ _ _bersicht.html"; filename*=UTF-8''Bericht%20%22Q1%22%20%E2%80%93%20%C3%9Cbersicht.html`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(Buffer.from(bytes))).toBe(true);

    const pdf = await samplePdf(['Binary survives']);
    const stored = await uploaded(owner, 'exact.pdf', pdf);
    expect((await get(owner, `/api/files/${stored.id}/content`)).rawPayload.equals(Buffer.from(pdf))).toBe(true);
  });

  it("answers 404 for another user's file and lists nothing of theirs", async () => {
    const file = await uploaded(owner, 'private.txt', text('mine'));
    expect((await get(stranger, '/api/files')).json().files).toEqual([]);
    for (const url of [`/api/files/${file.id}`, `/api/files/${file.id}/content`]) {
      const res = await get(stranger, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('File not found');
    }
    expect((await remove(stranger, file.id)).statusCode).toBe(404);
    expect((await get(owner, `/api/files/${file.id}`)).statusCode).toBe(200);
  });

  it('deletes a file: gone from the list, its download and a second delete answer 404', async () => {
    const user = await signUp(weft());
    const keep = await uploaded(user, 'keep.txt', text('keep'));
    const drop = await uploaded(user, 'drop.txt', text('drop'));
    expect((await remove(user, drop.id)).statusCode).toBe(204);
    expect((await get(user, '/api/files')).json().files.map((f: FileSummary) => f.id)).toEqual([keep.id]);
    expect((await get(user, `/api/files/${drop.id}/content`)).statusCode).toBe(404);
    expect((await remove(user, drop.id)).statusCode).toBe(404);
  });

  it('says which of the caller’s workflows use a file, by a node’s file field', async () => {
    const user = await signUp(weft());
    const used = await uploaded(user, 'handbook.md', text('# Handbook'));
    const unused = await uploaded(user, 'spare.md', text('# Spare'));
    const zulu = await createWorkflow(weft(), user, loaderWorkflow('Zulu answers', used.id));
    const alpha = await createWorkflow(weft(), user, loaderWorkflow('Alpha search', { id: used.id, name: 'handbook.md' }));
    // The id in a field that is not a file field, or in someone else's workflow, does not count.
    await createWorkflow(weft(), user, workflow('Mentions it', [node('t', 'input.text', { text: used.id })], []));
    await createWorkflow(weft(), stranger, loaderWorkflow('Not yours', used.id));

    const files = (await get(user, '/api/files')).json().files as FileSummary[];
    expect(files.find((f) => f.id === used.id)?.usedBy).toEqual([
      { id: alpha, name: 'Alpha search' },
      { id: zulu, name: 'Zulu answers' },
    ]);
    expect(files.find((f) => f.id === unused.id)?.usedBy).toEqual([]);
    expect((await get(user, `/api/files/${used.id}`)).json().file.usedBy).toHaveLength(2);
  });

  it('deletes the files of a deleted account', async () => {
    const leaving = await signUp(weft(), { password: 'leaving now' });
    await uploaded(leaving, 'gone-with-me.txt', text('bye'));
    const res = await weft().app.inject({ method: 'DELETE', url: '/api/me', headers: leaving.headers, payload: { password: 'leaving now' } });
    expect(res.statusCode).toBe(204);
    const rows = await weft().services.db.selectFrom('files').select('id').where('user_id', '=', leaving.userId).execute();
    expect(rows).toEqual([]);
  });

  it('accepts an API key, so a script can upload and then run', async () => {
    const res = await weft().app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'uploader' } });
    const key = res.json().token as string;
    const up = await weft().app.inject({
      method: 'POST',
      url: '/api/files?name=from-script.csv',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('a,b\n1,2\n'),
    });
    expect(up.statusCode, up.body).toBe(201);
    expect((await get(owner, `/api/files/${up.json().file.id}`)).statusCode).toBe(200);
  });
});

describeEachDatabase('file upload limit', (database) => {
  const weft = useTestWeft(database, { env: { WEFT_UPLOAD_MAX_MB: '1' } });
  const limit = 1024 * 1024;
  const message = 'The file is larger than the upload limit of 1 MB. Upload a smaller file, or ask whoever runs this Weft to raise WEFT_UPLOAD_MAX_MB.';
  let user: SignedIn;
  beforeAll(async () => {
    user = await signUp(weft());
  });
  const post = (payload: Buffer | Readable) =>
    weft().app.inject({ method: 'POST', url: '/api/files?name=big.txt', headers: { ...user.headers, 'content-type': 'application/octet-stream' }, payload });

  it('takes a file of exactly the limit and says the limit in the list', async () => {
    const res = await post(Buffer.alloc(limit, 'a'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file.size).toBe(limit);
    const list = await weft().app.inject({ method: 'GET', url: '/api/files', headers: user.headers });
    expect(list.json().maxBytes).toBe(limit);
  });

  it('answers 413 naming the limit for one byte more', async () => {
    const res = await post(Buffer.alloc(limit + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message, code: 'file_too_large' });
  });

  it('asks who is calling before judging the size: an anonymous large upload answers 401', async () => {
    const res = await weft().app.inject({
      method: 'POST',
      url: '/api/files?name=big.txt',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(limit + 1, 'a'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 413 too when the body comes without a length (chunked)', async () => {
    const res = await post(Readable.from([Buffer.alloc(limit, 'a'), Buffer.alloc(10, 'a')]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message, code: 'file_too_large' });
  });
});

describe('upload limit setting', () => {
  it('is checked at start-up', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(loadConfig({}).uploadMaxBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ WEFT_UPLOAD_MAX_MB: '100' }).uploadMaxBytes).toBe(100 * 1024 * 1024);
    expect(() => loadConfig({ WEFT_UPLOAD_MAX_MB: '0' })).toThrow('WEFT_UPLOAD_MAX_MB must be between 1 and 512 (megabytes a user may upload), got "0"');
    expect(() => loadConfig({ WEFT_UPLOAD_MAX_MB: '2048' })).toThrow('between 1 and 512');
    expect(() => loadConfig({ WEFT_UPLOAD_MAX_MB: '1.5' })).toThrow('WEFT_UPLOAD_MAX_MB must be a whole number, got "1.5"');
  });
});
