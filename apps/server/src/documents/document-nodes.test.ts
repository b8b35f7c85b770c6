import { configWithDefaults, type NodeRunContext, type NodeRunResult } from '@weft/core';
import { converterNode, documentLoaderNode, type FileService, type NodeServices, type NodeType, type StoredFile, textSplitterNode } from '@weft/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentWork } from '../content-work/content-work.js';
import { createHttpService } from '../outbound/http-service.js';
import { planRun } from '../runs/plan-run.js';
import { unavailableNodeServices } from '../runs/run-dependencies.js';
import { type PeerServer, startPeerServer } from '../test-support/peer-server.js';
import { samplePdf, sampleXlsx } from '../test-support/sample-documents.js';
import { readStoredWorkflow } from '../workflows/workflow-document.js';
import { DocumentsService } from './documents.service.js';

/** Uploads as the file service hands them to a node (the upload storage is its own feature). */
function uploads(files: readonly StoredFile[]): FileService {
  return {
    async read(fileId) {
      const file = files.find((f) => f.id === fileId);
      if (!file) throw new Error(`File ${fileId} was not found: upload it again`);
      return file;
    },
  };
}

function stored(id: string, name: string, mimeType: string, bytes: Uint8Array): StoredFile {
  return { id, name, mimeType, size: bytes.byteLength, bytes };
}

/** The server's content workers: the nodes' parsing and splitting happen there. */
const content = new ContentWork();
afterAll(() => content.close());

/** Runs a node the way the engine does (defaults filled in, as plan-run.ts does), with the server's document service and the given parts. */
async function run(node: NodeType, args: { inputs?: Record<string, unknown>; config?: Record<string, unknown> }, parts: Partial<NodeServices> = {}) {
  const logs: string[] = [];
  const services: NodeServices = {
    ...unavailableNodeServices({ userId: 'u1', executionId: 'e1', params: {}, recordUsage: () => {} }),
    documents: new DocumentsService(content),
    ...parts,
  };
  const ctx: NodeRunContext<NodeServices> = {
    runId: 'run-1',
    nodeId: 'n1',
    attempt: 1,
    signal: new AbortController().signal,
    services,
    runInput: undefined,
    log: (message) => logs.push(message),
    emitToken: () => {},
  };
  if (!node.run) throw new Error(`${node.type} has no run`);
  const result: NodeRunResult = await node.run({ inputs: args.inputs ?? {}, config: configWithDefaults(node, args.config ?? {}), ctx });
  return { output: result.outputs.output as unknown, logs };
}

describe('Document Loader node, uploaded files', () => {
  it('loads a PDF upload by its id, one document per page, and logs what it read', async () => {
    const files = uploads([stored('f-1', 'handbook.pdf', 'application/pdf', await samplePdf(['Page one text', 'Page two text']))]);
    const { output, logs } = await run(documentLoaderNode, { config: { source: 'file', file: 'f-1' } }, { files });
    expect(output).toEqual([
      { text: 'Page one text', metadata: { source: 'handbook.pdf', page: 1 } },
      { text: 'Page two text', metadata: { source: 'handbook.pdf', page: 2 } },
    ]);
    expect(logs).toEqual([expect.stringMatching(/^handbook\.pdf \(\d+(\.\d)? KB\): 2 documents, 26 characters$/)]);
  });

  it('takes an upload reference object and passes the chosen sheet', async () => {
    const bytes = await sampleXlsx({ First: [['a'], ['1']], Second: [['b'], ['2']] });
    const files = uploads([stored('f-2', 'book.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes)]);
    const { output } = await run(documentLoaderNode, { config: { file: { id: 'f-2', name: 'book.xlsx' }, sheet: ' Second ' } }, { files });
    expect(output).toEqual([{ text: 'b: 2', metadata: { source: 'book.xlsx', sheet: 'Second', row: 2 } }]);
  });

  it('still reads a text file an older editor kept in the workflow as { name, size, content }', async () => {
    const { output } = await run(documentLoaderNode, { config: { file: { name: 'faq.csv', size: 20, content: 'q,a\nWhy?,Because.\n' } } });
    expect(output).toEqual([{ text: 'q: Why?\na: Because.', metadata: { source: 'faq.csv', row: 2 } }]);
    await expect(run(documentLoaderNode, { config: { file: { name: 'scan.pdf', size: 9, content: '%PDF-1.7' } } })).rejects.toThrow(
      'scan.pdf was attached by an older editor that kept only its text; upload it again',
    );
  });

  it('runs a workflow saved with a version-1 loader, whose File held { fileId }', async () => {
    const files = uploads([stored('f-4', 'faq.txt', 'text/plain', new TextEncoder().encode('Kept for 30 days.'))]);
    const saved = JSON.stringify({
      schemaVersion: 1,
      name: 'Old loader',
      nodes: [
        { id: 'load', type: 'custom', position: { x: 0, y: 0 }, data: { label: 'Load', type: 'rag.load', version: 1, config: { file: { fileId: 'f-4' } } } },
      ],
      edges: [],
      globalParameters: {},
    });
    const planned = planRun(readStoredWorkflow(saved), (type) => (type === documentLoaderNode.type ? documentLoaderNode : undefined));
    if (!planned.ok) throw new Error(planned.message);
    const [node] = planned.plan.nodes;
    expect(node?.config).toEqual({ source: 'file', file: 'f-4', url: '', sheet: '' });
    const { output } = await run(documentLoaderNode, { config: node?.config }, { files });
    expect(output).toEqual([{ text: 'Kept for 30 days.', metadata: { source: 'faq.txt' } }]);
  });

  it('fails naming the file and the problem', async () => {
    const files = uploads([stored('f-3', 'notes.txt', 'text/plain', new Uint8Array(0))]);
    await expect(run(documentLoaderNode, { config: { file: 'f-3' } }, { files })).rejects.toThrow('notes.txt: the file is empty');
    await expect(run(documentLoaderNode, { config: { file: 'gone' } }, { files })).rejects.toThrow('File gone was not found: upload it again');
    await expect(run(documentLoaderNode, { config: { source: 'file' } }, { files })).rejects.toThrow('File is required: choose a file to upload');
  });
});

describe('Document Loader node, web pages', () => {
  let peer: PeerServer;
  const http = createHttpService({ allowPrivateNetwork: true, allowedPrivateHosts: [] });
  beforeAll(async () => {
    peer = await startPeerServer((request, res) => {
      if (request.path === '/handbook') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<html><head><script>x()</script></head><body><h1>Handbook</h1><p>Runs are kept for 30 days.</p></body></html>');
      } else if (request.path === '/report.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.7');
      } else if (request.path === '/blank') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('  ');
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
      }
    });
  });
  afterAll(async () => {
    await peer.close();
    await http.close();
  });

  it('fetches the page through the HTTP service and keeps its text, the URL as source', async () => {
    const url = `${peer.origin}/handbook`;
    const { output, logs } = await run(documentLoaderNode, { config: { source: 'url', url: ` ${url} ` } }, { http });
    expect(output).toEqual([{ text: 'Handbook\n\nRuns are kept for 30 days.', metadata: { source: url } }]);
    expect(peer.requests.at(-1)).toMatchObject({ method: 'GET', path: '/handbook' });
    expect(logs[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/handbook → 200 \(\d+ B\)$/);
  });

  it('refuses downloads, error answers and empty pages, saying what to do', async () => {
    await expect(run(documentLoaderNode, { config: { source: 'url', url: `${peer.origin}/report.pdf` } }, { http })).rejects.toThrow(
      `${peer.origin}/report.pdf sent application/pdf, not a web page: download the file and load it as an uploaded file instead`,
    );
    await expect(run(documentLoaderNode, { config: { source: 'url', url: `${peer.origin}/missing` } }, { http })).rejects.toThrow(
      `GET ${peer.origin}/missing answered 404`,
    );
    await expect(run(documentLoaderNode, { config: { source: 'url', url: `${peer.origin}/blank` } }, { http })).rejects.toThrow(
      `${peer.origin}/blank answered with an empty page`,
    );
    await expect(run(documentLoaderNode, { config: { source: 'url', url: '' } }, { http })).rejects.toThrow('URL is required');
    await expect(run(documentLoaderNode, { config: { source: 'url', url: 'file:///etc/passwd' } }, { http })).rejects.toThrow(
      'URL "file:///etc/passwd" should start with http:// or https://',
    );
  });

  it('goes through the outbound guard: this machine is refused unless the operator allows private addresses', async () => {
    const guarded = createHttpService({ allowPrivateNetwork: false, allowedPrivateHosts: [] });
    try {
      const before = peer.requests.length;
      await expect(run(documentLoaderNode, { config: { source: 'url', url: `${peer.origin}/handbook` } }, { http: guarded })).rejects.toThrow(
        'Requests to private networks are blocked',
      );
      expect(peer.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});

describe('Text Splitter node and the Split Documents converter', () => {
  const documents = [
    { text: `${'Weft runs workflows. '.repeat(60)}\n\n${'Runs are stored. '.repeat(40)}`, metadata: { source: 'a.txt' } },
    { text: 'A short note.', metadata: { source: 'b.txt' } },
  ];

  it('splits with the configured sizes, keeping metadata and adding the chunk number', async () => {
    const { output, logs } = await run(textSplitterNode, { inputs: { input: documents }, config: { chunkSize: 300, chunkOverlap: 50, splitOn: 'sentences' } });
    const chunks = output as { text: string; metadata: Record<string, unknown> }[];
    expect(chunks.length).toBeGreaterThan(5);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(300);
      expect(chunk.metadata.chunk).toBe(index);
    }
    expect(chunks.at(-1)).toEqual({ text: 'A short note.', metadata: { source: 'b.txt', chunk: chunks.length - 1 } });
    expect(logs).toEqual([`2 documents → ${chunks.length} chunks of up to 300 characters, 50 overlap`]);
  });

  it('fails on settings that cannot work and on inputs that are not documents', async () => {
    await expect(run(textSplitterNode, { inputs: { input: documents }, config: { chunkSize: 200, chunkOverlap: 200 } })).rejects.toThrow(
      'Overlap (200) must be smaller than Chunk size (200): lower the overlap or raise the size',
    );
    await expect(run(textSplitterNode, { inputs: { input: [{ words: 'x' }] } })).rejects.toThrow(
      'Document 1 is not a document: expected { text, metadata }, got object',
    );
  });

  it('the converter gives exactly what the node gives with its defaults', async () => {
    const viaNode = await run(textSplitterNode, { inputs: { input: documents } });
    const viaConverter = await run(converterNode, { inputs: { input: documents }, config: { sourceType: 'documents', targetType: 'chunks' } });
    expect(viaConverter.output).toEqual(viaNode.output);
    expect((viaNode.output as unknown[]).length).toBeGreaterThan(2);
    for (const chunk of viaNode.output as { text: string }[]) expect(chunk.text.length).toBeLessThanOrEqual(1000);
  });

  it('Extract Text joins the loaded documents for a text input', async () => {
    const files = uploads([stored('f-9', 'two.pdf', 'application/pdf', await samplePdf(['First page.', 'Second page.']))]);
    const loaded = await run(documentLoaderNode, { config: { file: 'f-9' } }, { files });
    const text = await run(converterNode, { inputs: { input: loaded.output }, config: { sourceType: 'documents', targetType: 'text' } });
    expect(text.output).toBe('First page.\n\nSecond page.');
  });
});
