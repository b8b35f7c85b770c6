import { formatBytes, type NodeRunContext } from '@weft/core';
import type { DocumentLoaderConfig } from '../document-loader.node.js';
import type { NodeRunArgs, NodeServices } from '../node-services.js';
import type { DocumentFile } from '../services/document-service.js';
import { readFileField } from './file-reference.js';
import { byteLength } from './http-request.js';
import { plural } from './text-splitter.js';

/** Content types the Web page source reads; a PDF or an image arrives as a download instead. */
const READABLE_PAGE = /^(text\/|application\/(json|xml|xhtml\+xml|[\w.+-]+\+(json|xml))\b)/i;

/** Parses an upload or a fetched web page into documents through the host's document service. */
export async function runDocumentLoader({ config, ctx }: NodeRunArgs<DocumentLoaderConfig>) {
  const file = config.source === 'file' ? await readFileField(config.file, ctx) : await fetchPage(config.url, ctx);
  const documents = await ctx.services.documents.parse(file, { sheet: config.sheet.trim(), signal: ctx.signal });
  const characters = documents.reduce((sum, d) => sum + d.text.length, 0);
  ctx.log(`${file.name} (${formatBytes(file.bytes.byteLength)}): ${plural(documents.length, 'document')}, ${plural(characters, 'character')}`);
  return { outputs: { output: documents } };
}

/** GETs the page through the guarded HTTP service; its URL names it in metadata and errors. */
async function fetchPage(rawUrl: string, ctx: NodeRunContext<NodeServices>): Promise<DocumentFile> {
  const url = rawUrl.trim();
  if (url === '') throw new Error('URL is required: enter the address of the page to load, such as https://example.com/handbook');
  if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`URL "${url}" should start with http:// or https://`);
  const response = await ctx.services.http.request(
    { method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' } },
    { signal: ctx.signal },
  );
  ctx.log(`GET ${url} → ${response.status} (${formatBytes(byteLength(response.body))})`);
  if (response.status >= 400) throw new Error(`GET ${url} answered ${response.status}: check the address, or whether the page needs a login`);
  const contentType = response.headers['content-type'] ?? '';
  if (contentType !== '' && !READABLE_PAGE.test(contentType)) {
    throw new Error(`${url} sent ${contentType.split(';')[0]}, not a web page: download the file and load it as an uploaded file instead`);
  }
  if (response.body.trim() === '') throw new Error(`${url} answered with an empty page`);
  // The address as configured names the source, so metadata filters keep working when the site redirects.
  return { name: url, mimeType: contentType || 'text/html', bytes: new TextEncoder().encode(response.body) };
}
