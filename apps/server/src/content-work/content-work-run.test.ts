import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectHealthy, MAX_STALL_MS, upload, watchingTheLoop } from '../test-support/content-run.js';
import { nestedHtml, nestedJson, wideJson, xobjectFanOutPdf } from '../test-support/malicious-documents.js';
import { type PeerServer, startPeerServer } from '../test-support/peer-server.js';
import { processAlive } from '../test-support/process-alive.js';
import { createWorkflow, edge, node, runAndWait, workflow } from '../test-support/run-fixtures.js';
import { utf8 } from '../test-support/sample-documents.js';
import { signUp, startTestWeft, useTestWeft } from '../test-support/test-weft.js';

/**
 * The other content the server reads for users, through a real Weft: .json uploads, HTTP
 * Request answers and Send E-mail bodies go through the content workers too, with the same
 * limits, and a shutdown stops a parse in progress. SQLite: no database plays a part.
 */

describe('content workers behind uploads, HTTP answers and mail', () => {
  const weft = useTestWeft('sqlite');
  let peer: PeerServer;
  const wide = JSON.parse(wideJson(60_000)) as unknown[];
  const answers: Record<string, string> = {
    // 8 MB nested 4 million deep: parsing it held the server 2.2 s.
    '/deep': nestedJson(4_000_000),
    '/wide': JSON.stringify(wide),
    '/broken': `${JSON.stringify(wide).slice(0, -1)},}`,
  };
  beforeAll(async () => {
    peer = await startPeerServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answers[request.path] ?? '{}');
    });
  });
  afterAll(() => peer.close());

  it('refuses a .json upload nested past the limit with a 422 naming it, and checks large ones off the event loop', async () => {
    const user = await signUp(weft());
    const deep = await weft().app.inject({
      method: 'POST',
      url: '/api/files?name=deep.json',
      headers: { ...user.headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(nestedJson(1_000_000)),
    });
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toMatchObject({
      code: 'too_complex',
      message: '"deep.json": it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH). Upload it as .txt to keep it as text.',
    });
    const broken = await weft().app.inject({
      method: 'POST',
      url: '/api/files?name=broken.json',
      headers: { ...user.headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(answers['/broken'] as string),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^"broken\.json" is not valid JSON \(.+\)\. Fix it, or upload it as \.txt\.$/);
    const { result: big, longestStallMs } = await watchingTheLoop(() => upload(weft(), user, 'big.json', utf8(wideJson(300_000))));
    expect(big.name).toBe('big.json');
    expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
  });

  it('parses a large HTTP answer in a worker, refuses one nested past the limit, and explains broken JSON', async () => {
    const user = await signUp(weft());
    const fetchJson = async (path: string) => {
      const document = workflow(
        'Fetch',
        [node('get', 'http.request', { method: 'GET', url: `${peer.origin}${path}`, responseAs: 'json' }), node('out', 'output')],
        [edge('get', 'out')],
      );
      const id = await createWorkflow(weft(), user, document);
      return watchingTheLoop(() => runAndWait(weft(), user, id));
    };
    const fetched = await fetchJson('/wide');
    expect(fetched.result.status, fetched.result.error ?? '').toBe('success');
    expect(fetched.result.outputs.out).toEqual(wide);
    const deep = await fetchJson('/deep');
    expect(deep.result.nodes.get?.error).toBe(`The response from ${peer.origin}/deep: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)`);
    const broken = await fetchJson('/broken');
    expect(broken.result.nodes.get?.error).toMatch(
      new RegExp(`^The response from ${peer.origin}/broken is not valid JSON \\(.+\\); set Response as to Text to take it as it is$`),
    );
    for (const { longestStallMs } of [fetched, deep, broken]) expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
    await expectHealthy(weft());
  });

  it('fails Send E-mail on an HTML body of 700,000 nested <div> before connecting, naming the limit', async () => {
    const user = await signUp(weft());
    const document = workflow(
      'Mail a page',
      [
        node('in', 'input.text', { text: '', askOnRun: true }),
        // Nothing listens there: the body is refused before any connection is tried.
        node('mail', 'email.send', {
          host: '127.0.0.1',
          port: 9,
          security: 'none',
          from: 'alerts@example.com',
          to: 'ops@example.com',
          subject: 'Page',
          format: 'html',
          body: '{{input}}',
        }),
      ],
      [edge('in', 'mail')],
    );
    const id = await createWorkflow(weft(), user, document);
    const { result: run, longestStallMs } = await watchingTheLoop(() => runAndWait(weft(), user, id, { in: nestedHtml(700_000) }));
    expect(run.nodes.mail?.error).toBe('The HTML body: it is nested deeper than 512 levels (WEFT_CONTENT_MAX_DEPTH)');
    expect(longestStallMs).toBeLessThan(MAX_STALL_MS);
    await expectHealthy(weft());
  });
});

describe('shutting down while a content worker is busy', () => {
  it('stops the parse in progress: close ends the run and kills the worker', async () => {
    const weft = await startTestWeft('sqlite');
    try {
      const user = await signUp(weft);
      const file = await upload(weft, user, 'fanout.pdf', await xobjectFanOutPdf());
      const id = await createWorkflow(weft, user, workflow('Load', [node('load', 'rag.load', { file: file.id })], []));
      const started = await weft.app.inject({ method: 'POST', url: `/api/workflows/${id}/run`, headers: user.headers, payload: {} });
      expect(started.statusCode, started.body).toBe(202);
      let pid: number | undefined;
      await vi.waitFor(
        () => {
          pid = weft.services.contentWork.describeWorkers().find((worker) => worker.busy)?.pid;
          expect(pid).toBeDefined();
        },
        { timeout: 30_000, interval: 20 },
      );
      // What SIGTERM does (cli.ts): runs are stopped and stored, then the workers are killed.
      await weft.close();
      expect(processAlive(pid as number)).toBe(false);
    } finally {
      await weft.close().catch(() => undefined);
    }
  });
});
