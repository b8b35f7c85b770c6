import { describe, expect, it } from 'vitest';
import { keptBadge, notKeptMessage } from './run-data-kept';

describe('what a stored run kept, in words', () => {
  it('says nothing when everything was kept or the server did not say', () => {
    expect(notKeptMessage(undefined)).toBeNull();
    expect(notKeptMessage('all')).toBeNull();
    expect(keptBadge('all')).toBeNull();
    expect(keptBadge(undefined)).toBeNull();
  });

  it('names what the workflow keeps instead', () => {
    expect(notKeptMessage('summary')).toBe('Not kept (this workflow keeps only the summary of successful runs)');
    expect(notKeptMessage('outputs')).toBe('Not kept (this workflow keeps only the final outputs of successful runs)');
    expect(keptBadge('summary')).toBe('Summary only');
    expect(keptBadge('outputs')).toBe('Outputs only');
  });
});
