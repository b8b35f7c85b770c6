/**
 * Words that rank nothing: in most chunks, so BM25 gives them almost no weight, yet every
 * chunk holding one must be scored (a word in all 100,000 chunks of the benchmark took
 * 50 ms). They are left out of keyword queries, as PostgreSQL's English search does, so a
 * query of stop words alone finds nothing on either database.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again all am an and any are as at be because been before being below between both but by can could did do does doing ' +
    'down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just ' +
    'me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that ' +
    'the their theirs them themselves then there these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves'
  ).split(' '),
);

/** At most this many distinct words are searched; a pasted paragraph is not a keyword query. */
const MAX_TERMS = 32;

/**
 * The words of a query as the keyword indexes see them: letters and digits (marks kept, so
 * accented words stay whole), lower-cased, each once, stop words dropped. What comes out is
 * safe to put in FTS5 and tsquery syntax: no operators, no quotes.
 */
export function keywordTerms(text: string): string[] {
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []);
  return [...words].filter((word) => !STOP_WORDS.has(word)).slice(0, MAX_TERMS);
}

/** An FTS5 query matching any of the terms, each a quoted string (so no word reads as an operator). */
export function fts5Query(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"`).join(' OR ');
}

/** A PostgreSQL `to_tsquery` text matching any of the terms (they hold only letters, digits and marks). */
export function tsQuery(terms: readonly string[]): string {
  return terms.join(' | ');
}
