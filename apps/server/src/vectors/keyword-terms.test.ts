import { describe, expect, it } from 'vitest';
import { fts5Query, keywordTerms, tsQuery } from './keyword-terms.js';

describe('keywordTerms', () => {
  it('keeps the words that rank: lower-cased, once each, stop words out', () => {
    expect(keywordTerms('How do I reset my Password? password RESET')).toEqual(['reset', 'password']);
  });

  it('keeps letters, digits and accents whole and drops everything that could be syntax', () => {
    expect(keywordTerms('café "OR" NEAR(x) -tax* 2024 straße')).toEqual(['café', 'near', 'x', 'tax', '2024', 'straße']);
    expect(fts5Query(keywordTerms('tax* "2024"'))).toBe('"tax" OR "2024"');
    expect(tsQuery(['tax', '2024'])).toBe('tax | 2024');
  });

  it('finds nothing to search in stop words or punctuation alone', () => {
    expect(keywordTerms('what is the')).toEqual([]);
    expect(keywordTerms('?!')).toEqual([]);
  });

  it('searches at most 32 distinct words', () => {
    expect(keywordTerms(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '))).toHaveLength(32);
  });
});
