import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildWorkflowFromTemplate, findTemplate, type NodeStep, type WorkflowDocument } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChatCompletionRequest, type OpenAiPeer, startOpenAiPeer } from '../test-support/openai-peer.js';
import { addSecret, createWorkflow, runAndWait, upload, type WaitedExecution } from '../test-support/run-fixtures.js';
import { samplePdf, sampleXlsx } from '../test-support/sample-documents.js';
import { type SlackPeer, startSlackPeer } from '../test-support/slack-peer.js';
import { answerOrderLookup, HELP_ARTICLES, messageText, SUPPORT_ANSWERS, supportAgentTurn } from '../test-support/support-shop.js';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../test-support/test-weft.js';

/**
 * The gallery templates, built exactly as "Use template" builds them and run through
 * the HTTP API on SQLite and PostgreSQL: the model is the OpenAI-compatible peer the
 * operator setting OPENAI_BASE_URL points provider "OpenAI" at, Slack is the Slack peer,
 * the feed, the page and the shop's order API come from an HTTP server on 127.0.0.1. The
 * browser tests (e2e/tests/templates.spec.ts, support-agent-template.spec.ts) walk the same
 * from the gallery.
 */

let model: OpenAiPeer;
let slack: SlackPeer;
let site: http.Server;
let siteUrl: string;
let savedBaseUrl: string | undefined;
/** The paths the order API was asked for, in order. */
const orderLookups: string[] = [];

beforeAll(async () => {
  const reply = (request: ChatCompletionRequest) => {
    const prompt = JSON.stringify(request.messages);
    const sources = [...prompt.matchAll(/\(source: ([^)\\]+)\)/g)].map((m) => m[1]);
    if (sources.length) return `The answer is in ${[...new Set(sources)].join(' and ')} [1].`;
    if (prompt.includes('row of a spreadsheet')) return `Rows seen: ${(prompt.match(/month: /g) ?? []).length}.`;
    return 'Digest: Weft 2.0 ships.';
  };
  // An Agent's calls offer tools; LLM Chat's do not.
  model = await startOpenAiPeer({ turn: (request) => (request.tools?.length ? supportAgentTurn(request) : { text: reply(request) }) });
  slack = await startSlackPeer();
  site = http.createServer((req, res) => {
    if (req.url === '/feed.xml') {
      res.end(
        '<rss><channel><title>News</title><item><title>Weft 2.0 ships</title><link>https://example.com/weft-2</link>' +
          '<pubDate>Fri, 27 Nov 2026 08:00:00 GMT</pubDate><description>Faster runs.</description></item>' +
          '<item><title>Rust 1.99 released</title><link>https://example.com/rust</link></item></channel></rss>',
      );
    } else if (!answerOrderLookup(req, res, orderLookups))
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>Prices drop on Monday.</p></body></html>');
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

  /** A node's id in the stored workflow, by its label. */
  async function nodeIdOf(workflowId: string, label: string): Promise<string> {
    const stored = (await weft().app.inject({ method: 'GET', url: `/api/workflows/${workflowId}`, headers: user.headers })).json();
    const found = (stored.workflow.nodes as { id: string; data: { label: string } }[]).find((n) => n.data.label === label);
    if (!found) throw new Error(`no node ${label}`);
    return found.id;
  }

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
    const questionNode = await nodeIdOf(id, 'Question');
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

  it('support agent: answers from the articles, looks an order up, and remembers it in the next turn', async () => {
    const file = (await upload(weft(), user, 'help.md', new TextEncoder().encode(HELP_ARTICLES))).id;
    const id = await createWorkflow(
      weft(),
      user,
      fromTemplate('support-agent', (d) => {
        setConfig(d, 'Help Articles', { file });
        setParameter(d, 'orderApiUrl', siteUrl);
      }),
    );
    const [messageNode, agentNode] = [await nodeIdOf(id, 'Customer Message'), await nodeIdOf(id, 'Support Agent')];
    const say = async (words: string, sessionId?: string) => {
      const res = await weft().app.inject({
        method: 'POST',
        url: `/api/workflows/${id}/run?wait=true`,
        headers: user.headers,
        payload: { inputs: { [messageNode]: words }, ...(sessionId ? { sessionId } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const execution = res.json().execution as WaitedExecution;
      expect(execution.status, execution.error ?? '').toBe('success');
      const steps = (execution.nodes[agentNode] as unknown as { steps: NodeStep[] }).steps;
      return { answer: Object.values(execution.outputs)[0], tools: steps.filter((s) => s.kind === 'tool').map((s) => [s.name, s.input]) };
    };
    const lastChat = () => model.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.json as ChatCompletionRequest;
    const lookups = orderLookups.length;

    // 1. From the help articles: the search tool was called and its passage reached the model.
    expect(await say('How long do I have to return an item?', 'customer-1')).toEqual({
      answer: SUPPORT_ANSWERS.returns,
      tools: [['search_help_articles', { input: 'return an item' }]],
    });
    const first = lastChat();
    expect(first.tools?.map((t) => t.function.name)).toEqual(['search_help_articles', 'look_up_order']);
    // The nodes' descriptions are what the model reads about its tools.
    expect(first.tools?.[1]?.function.description).toContain('Looks up one order by its id');
    expect(first.tools?.[1]?.function.parameters).toMatchObject({ required: ['orderId'] });
    expect(JSON.stringify(first.messages)).toContain('within 30 days of delivery');

    const embeddings = model.requests.filter((r) => r.path === '/v1/embeddings').length;

    // 2. An order: the HTTP tool requested the order API with the id the model chose.
    expect(await say('Where is my order A-1042?', 'customer-1')).toEqual({
      answer: SUPPORT_ANSWERS.order,
      tools: [['look_up_order', { orderId: 'A-1042' }]],
    });
    expect(orderLookups.slice(lookups)).toEqual(['/orders/A-1042']);

    // 3. A follow-up naming no order: no tool, the answer comes from turn two's result, sent again from memory.
    expect(await say('When will it arrive?', 'customer-1')).toEqual({ answer: SUPPORT_ANSWERS.arrival, tools: [] });
    const third = lastChat().messages;
    expect(third.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(messageText(third[7])).toContain('"estimatedDelivery":"2026-12-02"');
    expect(orderLookups.length - lookups).toBe(1);
    // Each turn indexes the articles again, and unchanged chunks are not embedded again.
    expect(model.requests.filter((r) => r.path === '/v1/embeddings').length).toBe(embeddings);

    // Another customer's session knows nothing of that order.
    expect(await say('When will it arrive?', 'customer-2')).toEqual({ answer: SUPPORT_ANSWERS.unknownOrder, tools: [] });
  });
});
