import { describe, expect, it } from 'vitest';
import { readFeedNode } from '../read-feed.node.js';
import { nodeHarness } from './node-test-kit.js';

// Fetching and parsing are the server's (apps/server/src/documents/feed-run.test.ts runs the
// node against a real feed); here: what the node checks before it asks for any.
describe('Read Feed run: settings', () => {
  it('needs a usable address, with parameters filled in, before it fetches anything', async () => {
    const node = nodeHarness(readFeedNode, { params: { feedUrl: 'ftp://example.com/feed' } });
    await expect(node.run({ config: { url: '  ' } })).rejects.toThrow(
      'Feed URL is required: enter the address of an RSS or Atom feed, such as https://example.com/feed.xml',
    );
    await expect(node.run({ config: { url: '{{params.feedUrl}}' } })).rejects.toThrow(
      'Feed URL "ftp://example.com/feed" should start with http:// or https://',
    );
    await expect(node.run({ config: { url: '{{params.missing}}' } })).rejects.toThrow(/the Feed URL/);
    // A good address goes to the host's HTTP service, which this harness does not give.
    await expect(node.run({ config: { url: 'https://example.com/feed.xml' } })).rejects.toThrow('test gave no http service');
  });

  it('declares its settings with defaults, and an output typed by Output as', () => {
    expect(readFeedNode.config.map((f) => [f.key, 'default' in f ? f.default : undefined])).toEqual([
      ['url', ''],
      ['limit', 20],
      ['text', 'summary'],
      ['outputAs', 'json'],
    ]);
    expect(readFeedNode.outputs).toEqual([{ id: 'output', label: 'Entries', type: 'json', typeFrom: 'outputAs' }]);
  });
});
