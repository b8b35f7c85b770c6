import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildWorkflowFromTemplate, findTemplate, type WorkflowDocument } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenAiPeer, startOpenAiPeer } from '../test-support/openai-peer.js';
import { addSecret, createWorkflow, runAndWait, upload } from '../test-support/run-fixtures.js';
import { samplePdf, sampleXlsx } from '../test-support/sample-documents.js';
import { type SlackPeer, startSlackPeer } from '../test-support/slack-peer.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * The four gallery templates, built exactly as "Use template" builds them and run through
 * the HTTP API on SQLite and PostgreSQL: the model is the OpenAI-compatible peer the
 * operator setting OPENAI_BASE_URL points provider "OpenAI" at, Slack is the Slack peer,
 * the feed and the page come from an HTTP server on 127.0.0.1. The browser test
 * (e2e/tests/templates.spec.ts) walks the same four from the gallery.
 */

let model: OpenAiPeer;
let slack: SlackPeer;
let site: http.Server;
let siteUrl: string;
let savedBaseUrl: string | undefined;

beforeAll(async () => {
  model = await startOpenAiPeer({
    reply: (request) => {
      const prompt = JSON.stringify(request.messages);
      const sources = [...prompt.matchAll(/\(source: ([^)\\]+)\)/g)].map((m) => m[1]);
      if (sources.length) return `The answer is in ${[...new Set(sources)].join(' and ')} [1].`;
      if (prompt.includes('row of a spreadsheet')) return `Rows seen: ${(prompt.match(/month: /g) ?? []).length}.`;
      return 'Digest: Weft 2.0 ships.';
    },
  });
  slack = await startSlackPeer();
  site = http.createServer((req, res) => {
    if (req.url === '/feed.xml') {
      res.end(
        '<rss><channel><title>News</title><item><title>Weft 2.0 ships</title><link>https://example.com/weft-2</link>' +
          '<pubDate>Fri, 27 Nov 2026 08:00:00 GMT</pubDate><description>Faster runs.</description></item>' +
          '<item><title>Rust 1.99 released</title><link>https://example.com/rust</link></item></channel></rss>',
      );
    } else res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>Prices drop on Monday.</p></body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  savedBaseUrl = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = model.url;
});

afterAll(async () => {
  if (savedBaseUrl === undefined) delete process.env.OPENAI_BASE_URL;
  else process.env.OPENAI_BASE_URL = savedBaseUrl;
  await Promise.all([model.close(), slack.close(), new Promise((resolve) => site.close(resolve))]);
});

let counter = 0;
function fromTemplate(id: string, edit: (document: WorkflowDocument) => void = () => {}): WorkflowDocument {
  const template = findTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  const { document, problems } = buildWorkflowFromTemplate(template, BUILTIN_NODES, () => `n${++counter}`);
  expect(problems).toEqual([]);
  edit(document);
  return document;
}

function setConfig(document: WorkflowDocument, label: string, patch: Record<string, unknown>) {
  const node = document.nodes.find((n) => n.data.label === label);
  if (!node) throw new Error(`no node ${label}`);
  node.data.config = { ...node.data.config, ...patch };
}

function setParameter(document: WorkflowDocument, key: string, value: string) {
  const parameter = document.globalParameters[key];
  if (!parameter) throw new Error(`no parameter ${key}`);
  document.globalParameters[key] = { ...parameter, value };
}

describeEachDatabase('templates', (database) => {
  const weft = useTestWeft(database);
  let user: SignedIn;
  beforeAll(async () => {
    user = await signUp(weft());
    await addSecret(weft(), user, 'OPENAI_API_KEY', 'sk-templates');
    await addSecret(weft(), user, 'SLACK_WEBHOOK_URL', slack.webhook('#general'));
  });

  it('daily summary: the feed, digested, posted to Slack', async () => {
    const posted = slack.messages.length;
    const document = fromTemplate('daily-slack-summary', (d) => setParameter(d, 'feedUrl', `${siteUrl}/feed.xml`));
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, document));
    expect(execution.status, execution.error ?? '').toBe('success');
    expect(slack.messages.slice(posted).map((m) => m.text)).toEqual([':newspaper: *Daily digest*\n\nDigest: Weft 2.0 ships.']);
    // Read Feed hands the model one entry after another, each with its title, link and date apart (issue 22).
    const prompt = JSON.stringify(model.requests.at(-1)?.json);
    expect(prompt).toContain(
      JSON.stringify(
        'Weft 2.0 ships\nhttps://example.com/weft-2\n2026-11-27 08:00 UTC\n\nFaster runs.\n\n---\n\nRust 1.99 released\nhttps://example.com/rust',
      ).slice(1, -1),
    );
  });

  it('spreadsheet summarizer: every row of an Excel sheet reaches the model', async () => {
    const xlsx = await sampleXlsx({
      Sales: [
        ['month', 'revenue'],
        ['Jan', 100],
        ['Feb', 200],
        ['Mar', 300],
      ],
    });
    const file = (await upload(weft(), user, 'sales.xlsx', xlsx)).id;
    const document = fromTemplate('spreadsheet-summarizer', (d) => setConfig(d, 'Spreadsheet', { file }));
    const execution = await runAndWait(weft(), user, await createWorkflow(weft(), user, document));
    expect(execution.status, execution.error ?? '').toBe('success');
    expect(Object.values(execution.outputs)).toEqual(['Rows seen: 3.']);
  });

  it('keyword alert: posts only when the page has the keyword', async () => {
    const posted = slack.messages.length;
    const watch = (keyword: string) =>
      fromTemplate('keyword-alert', (d) => {
        setParameter(d, 'pageUrl', `${siteUrl}/page.html`);
        setParameter(d, 'keyword', keyword);
      });
    const quiet = await runAndWait(weft(), user, await createWorkflow(weft(), user, watch('kangaroo')));
    expect(quiet.status, quiet.error ?? '').toBe('success');
    expect(slack.messages.length).toBe(posted);
    const loud = await runAndWait(weft(), user, await createWorkflow(weft(), user, watch('prices DROP')));
    expect(loud.status, loud.error ?? '').toBe('success');
    expect(slack.messages.slice(posted).map((m) => m.text)).toEqual([`:bell: “prices DROP” appeared on ${siteUrl}/page.html`]);
  });

  it('document Q&A: indexes a PDF and answers citing it, without embedding it twice', async () => {
    const pdf = await samplePdf(['Holidays: every employee gets twenty five days of paid leave.', 'The office opens at eight.']);
    const file = (await upload(weft(), user, 'handbook.pdf', pdf)).id;
    const id = await createWorkflow(
      weft(),
      user,
      fromTemplate('document-qa', (d) => setConfig(d, 'Document', { file })),
    );
    const questionNode = (await weft().app.inject({ method: 'GET', url: `/api/workflows/${id}`, headers: user.headers }))
      .json()
      .workflow.nodes.find((n: { data: { label: string } }) => n.data.label === 'Question').id as string;
    const ask = async (question: string) => {
      const execution = await runAndWait(weft(), user, id, { [questionNode]: question });
      expect(execution.status, execution.error ?? '').toBe('success');
      return execution;
    };
    const embeddingsBefore = model.requests.filter((r) => r.path === '/v1/embeddings').length;
    const first = await ask('How many days of leave?');
    expect(Object.values(first.outputs)).toEqual(['The answer is in handbook.pdf [1].']);
    const chat = JSON.stringify(model.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.json);
    expect(chat).toContain('Question: How many days of leave?');
    expect(chat).toContain('twenty five days of paid leave');
    const afterFirst = model.requests.filter((r) => r.path === '/v1/embeddings').length;
    await ask('When does the office open?');
    // The second run embeds only the question: the document's chunks are already stored.
    expect(model.requests.filter((r) => r.path === '/v1/embeddings').length - afterFirst).toBe(1);
    expect(afterFirst - embeddingsBefore).toBe(2);
  });
});
