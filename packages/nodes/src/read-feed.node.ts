import type { ConfigOf } from '@weft/core';
import { choices, defineConfig, defineNode } from './define-node.js';
import { runReadFeed } from './run/read-feed.js';

/** The settings of Read Feed; its `run` reads them typed as {@link ReadFeedConfig}. */
export const readFeedConfig = defineConfig([
  {
    kind: 'text',
    key: 'url',
    label: 'Feed URL',
    required: true,
    default: '',
    placeholder: 'https://example.com/feed.xml',
    description: 'The address of an RSS or Atom feed. Takes {{params.name}} placeholders.',
  },
  {
    kind: 'number',
    key: 'limit',
    label: 'Entries',
    min: 1,
    max: 500,
    step: 1,
    default: 20,
    description: 'At most this many entries, the first the feed lists (most feeds list the newest first).',
  },
  {
    kind: 'select',
    key: 'text',
    label: 'Entry text',
    default: 'summary',
    options: choices({ summary: 'Summary', content: 'Full content' }),
    description: 'What each entry’s text holds; an entry without one gives the other.',
  },
  {
    kind: 'select',
    key: 'outputAs',
    label: 'Output as',
    default: 'json',
    options: choices({ json: 'Entries (JSON)', text: 'Text', documents: 'Documents' }),
  },
]);

export type ReadFeedConfig = ConfigOf<typeof readFeedConfig>;

/**
 * An RSS or Atom feed as one item per entry. The output's data type follows *Output as*
 * (`typeFrom`), so the entries reach an LLM prompt as text, a Text Splitter as documents,
 * or a Code node as JSON without a converter.
 */
export const readFeedNode = defineNode({
  type: 'feed.read',
  version: 1,
  title: 'Read Feed',
  category: 'Integrations',
  description: 'Reads an RSS or Atom feed: one item per entry, with its title, link, date and text.',
  inputs: [],
  outputs: [{ id: 'output', label: 'Entries', type: 'json', typeFrom: 'outputAs' }],
  config: readFeedConfig,
  run: runReadFeed,
  docs: `Fetches the feed at **Feed URL** on every run and emits its entries, in the order the feed lists them, at most **Entries** of them.

Each entry has \`title\`, \`link\` (absolute), \`date\` (when it was published, else last updated: ISO 8601 in UTC, or \`null\` when the feed gives none), \`author\` and \`text\`: the entry's summary, or its full content with *Entry text* set to **Full content**, as plain text (HTML tags, scripts and images dropped).

| Output as | What the **Entries** output carries |
|---|---|
| Entries (JSON) | the list of entries, for a Code node or a JSON field |
| Text | every entry as its title, link and date on lines of their own, then its text, entries separated by \`---\`: ready for an LLM prompt |
| Documents | one document per entry, with that text and \`source\` (the feed URL), \`item\` (from 1), \`title\`, \`link\`, \`date\` and \`author\` in metadata: ready for a Text Splitter |

- RSS 0.9x, 1.0 and 2.0 and Atom are read, whatever type the server sends them as. A web page instead of a feed fails the node saying so, with the page's own feed address when it names one (\`<link rel="alternate">\`); JSON fails with a hint to use **HTTP Request**.
- The feed is parsed away from the server's event loop, within the same limits as documents: an entry count past \`WEFT_CONTENT_MAX_ROWS\` or text past \`WEFT_CONTENT_MAX_CHARS\` fails the node naming the setting.
- The same network rules as HTTP Request apply: addresses on this machine or the private network are refused unless the operator allows them.
- Each run logs \`GET https://… → 200 (12 KB)\` and what it kept, such as \`Hacker News: 30 entries, the first 20 kept\`.`,
});
