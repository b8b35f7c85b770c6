import { describe, expect, it } from 'vitest';
import { utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

describe('JSON loader', () => {
  it('gives one document per item of a list, numbered from 1', async () => {
    const json = JSON.stringify([{ q: 'What is Weft?', a: 'A workflow tool.' }, 'A plain note']);
    expect(await parseDocument({ name: 'faq.json', bytes: utf8(json) })).toEqual([
      { text: '{\n  "q": "What is Weft?",\n  "a": "A workflow tool."\n}', metadata: { source: 'faq.json', item: 1 } },
      { text: 'A plain note', metadata: { source: 'faq.json', item: 2 } },
    ]);
  });

  it('gives one document for anything that is not a list', async () => {
    expect(await parseDocument({ name: 'settings.json', bytes: utf8('{"theme":"dark"}') })).toEqual([
      { text: '{\n  "theme": "dark"\n}', metadata: { source: 'settings.json' } },
    ]);
  });

  it('fails on broken JSON, empty lists and empty files, naming the file', async () => {
    await expect(parseDocument({ name: 'data.json', bytes: utf8('{"a": [1, 2') })).rejects.toThrow(/^data\.json: not valid JSON \(.+\)$/);
    await expect(parseDocument({ name: 'data.json', bytes: utf8('[]') })).rejects.toThrow('data.json: the list is empty');
    await expect(parseDocument({ name: 'data.json', bytes: new Uint8Array(0) })).rejects.toThrow('data.json: the file is empty');
  });
});
