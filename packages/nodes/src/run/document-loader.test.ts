import { describe, expect, it } from 'vitest';
import { documentLoaderNode } from '../document-loader.node.js';
import { nodeHarness } from './node-test-kit.js';

// Parsing itself is the server's document service (apps/server/src/documents, tested there
// with real files); here: what the node checks before it asks for any.
describe('Document Loader run: settings', () => {
  const node = nodeHarness(documentLoaderNode);

  it('needs a file for the file source and a usable URL for the web page source', async () => {
    await expect(node.run({ config: { source: 'file' } })).rejects.toThrow('File is required: choose a file to upload');
    await expect(node.run({ config: { source: 'file', file: '   ' } })).rejects.toThrow('File is required');
    await expect(node.run({ config: { source: 'url', url: ' ' } })).rejects.toThrow('URL is required: enter the address of the page to load');
    await expect(node.run({ config: { source: 'url', url: 'ftp://example.com/a.txt' } })).rejects.toThrow(
      'URL "ftp://example.com/a.txt" should start with http:// or https://',
    );
    await expect(node.run({ config: { source: 'disk' } })).rejects.toThrow('Source must be one of file, url');
  });

  it('reads the upload the file field points at through the file service', async () => {
    await expect(node.run({ config: { file: 'f-1' } })).rejects.toThrow('test gave no files service');
    await expect(node.run({ config: { file: { fileId: 'f-1', name: 'a.pdf' } } })).rejects.toThrow('test gave no files service');
  });

  it('declares its settings with defaults, the sheet among them', () => {
    expect(documentLoaderNode.config.map((f) => [f.key, 'default' in f ? f.default : undefined])).toEqual([
      ['source', 'file'],
      ['file', undefined],
      ['url', ''],
      ['sheet', ''],
    ]);
  });
});
