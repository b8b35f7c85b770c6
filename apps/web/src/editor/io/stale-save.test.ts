import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { copyName, describeStaleSave, staleSaveOf } from './stale-save';

describe('stale save', () => {
  const now = new Date('2026-03-02T11:00:00');

  it('reads the 409 body, and leaves out what an older server did not send', () => {
    const body = { code: 'version_conflict', currentVersion: 4, savedBy: 'Ada Lovelace', savedAt: '2026-03-02T10:42:00' };
    expect(staleSaveOf(new ApiError(409, 'Changed elsewhere', 'version_conflict', undefined, undefined, body))).toEqual({
      currentVersion: 4,
      savedBy: 'Ada Lovelace',
      savedAt: '2026-03-02T10:42:00',
      message: 'Changed elsewhere',
    });
    expect(staleSaveOf(new ApiError(409, 'Old server'))).toEqual({ currentVersion: null, savedBy: null, savedAt: null, message: 'Old server' });
  });

  it('says who saved which version and when', () => {
    const stale = { currentVersion: 4, savedBy: 'Ada Lovelace', savedAt: '2026-03-02T10:42:00', message: '' };
    expect(describeStaleSave(stale, now, 'en-GB')).toBe('Ada Lovelace saved version 4 at 10:42, after you opened this workflow.');
    expect(describeStaleSave({ ...stale, savedAt: '2026-02-27T08:05:00' }, now, 'en-GB')).toBe(
      'Ada Lovelace saved version 4 on 27 Feb at 08:05, after you opened this workflow.',
    );
    expect(describeStaleSave({ currentVersion: null, savedBy: null, savedAt: null, message: '' }, now)).toBe(
      'Someone saved a newer version after you opened this workflow.',
    );
  });

  it('names a copy within the 200-character limit, the suffix whole', () => {
    expect(copyName('Digest')).toBe('Digest (copy)');
    const long = copyName('x'.repeat(200));
    expect(long).toHaveLength(200);
    expect(long.endsWith(' (copy)')).toBe(true);
  });
});
