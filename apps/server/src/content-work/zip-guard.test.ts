import { describe, expect, it } from 'vitest';
import { unpackBombXlsx, zipFile } from '../test-support/malicious-documents.js';
import { sampleDocx } from '../test-support/sample-documents.js';
import { DEFAULT_CONTENT_LIMITS } from './content-limits.js';
import { checkZip, DamagedZip } from './zip-guard.js';

const limits = { ...DEFAULT_CONTENT_LIMITS, maxUnpackedBytes: 64 * 1024 * 1024 };

describe('ZIP guard', () => {
  it('passes an ordinary Office file, handing over the entries asked for', async () => {
    const seen: string[] = [];
    await checkZip(await sampleDocx(['Hello']), 'note.docx', limits, {
      wanted: (name) => name === 'word/document.xml',
      entry: (name, data) => seen.push(`${name}: ${data.toString('utf8').includes('Hello')}`),
    });
    expect(seen).toEqual(['word/document.xml: true']);
  });

  it('refuses a ZIP whose directory declares more than the limit, before inflating anything', async () => {
    // Every entry asked for: an entry inflated before the refusal would reach `entry`.
    const inflated: string[] = [];
    const asked = { wanted: () => true, entry: (name: string) => void inflated.push(name) };
    await expect(checkZip(unpackBombXlsx(1024), 'bomb.xlsx', limits, asked)).rejects.toThrow(
      'bomb.xlsx: it unpacks to 1,024 MB; the limit is 64 MB (WEFT_CONTENT_MAX_UNPACKED_MB)',
    );
    expect(inflated).toEqual([]);
  });

  it('stops an entry that inflates past what the directory declares', async () => {
    const error = await checkZip(unpackBombXlsx(1024, true), 'liar.xlsx', limits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DamagedZip);
    expect((error as DamagedZip).oversized).toBe(true);
  });

  it('says a file that is not a ZIP, or is cut short, is damaged', async () => {
    await expect(checkZip(new TextEncoder().encode('name,team'), 'a.xlsx', limits)).rejects.toBeInstanceOf(DamagedZip);
    const whole = zipFile([{ name: 'a.txt', data: 'x'.repeat(10_000) }]);
    await expect(checkZip(whole.slice(0, whole.length - 30), 'cut.xlsx', limits)).rejects.toBeInstanceOf(DamagedZip);
  });
});
