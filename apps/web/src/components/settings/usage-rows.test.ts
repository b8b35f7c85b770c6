import { describe, expect, it } from 'vitest';
import { usageRows } from './usage-rows';

const MB = 1024 * 1024;

describe('usageRows (Settings → Usage)', () => {
  it('says each usage against its quota, and how full it is', () => {
    const rows = usageRows({
      files: { used: 210 * MB, limit: 250 * MB, count: 12 },
      vectorChunks: { used: 100_000, limit: 100_000, collections: 1 },
      executions: { used: 10_000, limit: 10_000 },
      schedules: { used: 3, limit: null },
    });
    expect(rows.map(({ key, amount, fraction, tone, note }) => ({ key, amount, fraction, tone, note }))).toEqual([
      { key: 'files', amount: '210 MB of 250 MB', fraction: 0.84, tone: 'warn', note: '12 files. Uploads past the quota are refused.' },
      {
        key: 'vectorChunks',
        amount: '100,000 of 100,000',
        fraction: 1,
        tone: 'danger',
        note: 'In 1 collection. An Embed & Store that would pass the quota fails.',
      },
      // At the executions quota nothing is refused: the oldest roll off.
      { key: 'executions', amount: '10,000 of 10,000', fraction: 1, tone: 'ok', note: expect.stringMatching(/oldest finished executions are deleted/) },
      { key: 'schedules', amount: '3 (no limit)', fraction: null, tone: 'ok', note: 'A schedule past the limit is refused.' },
    ]);
  });

  it('stays within the bar when usage is past a quota lowered since', () => {
    const [files] = usageRows({
      files: { used: 300 * MB, limit: 250 * MB, count: 1 },
      vectorChunks: { used: 0, limit: 10, collections: 0 },
      executions: { used: 0, limit: 5 },
      schedules: { used: 0, limit: 7 },
    });
    expect(files).toMatchObject({ amount: '300 MB of 250 MB', fraction: 1, tone: 'danger', note: '1 file. Uploads past the quota are refused.' });
  });
});
