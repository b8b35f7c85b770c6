import type { MetadataFilter } from '@weft/nodes';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/database.js';

type Scalar = string | number | boolean | null;

/**
 * A metadata filter as a SQL condition on a chunk row (`chunk` is its table or alias):
 * every key must hold the value given (or one of a list's). Types are compared strictly:
 * "3" is not 3, and true is not 1. Keys and values travel as parameters, never as SQL text.
 * Text values of `source` are looked up in the indexed `source` column, which holds the
 * metadata's `source` when it is text; every other key is read from the metadata JSON.
 *
 * A list of texts and numbers travels as one JSON parameter, unpacked by the database
 * (`json_each`, `jsonb_array_elements`): one parameter per value stopped at SQLite's limit
 * of 32,766 variables, and a Retriever filtering on 40,000 sources failed.
 */
export function metadataFilterSql(filter: MetadataFilter, dialect: Dialect, chunk: string): RawBuilder<SqlBool> {
  const metadata = sql.ref(`${chunk}.metadata`);
  const conditions = Object.entries(filter).map(([key, wanted]) => {
    const options = Array.isArray(wanted) ? (wanted as Scalar[]) : [wanted as Scalar];
    if (key === 'source' && options.every((value) => typeof value === 'string')) {
      return sql`${sql.ref(`${chunk}.source`)} IN (${listSql(options, dialect, 'text')})`;
    }
    const listed: Scalar[] = options.filter((value) => typeof value === 'string' || typeof value === 'number');
    const single = listed.length > 1 ? options.filter((value) => !listed.includes(value)) : options;
    const matches = single.map((value) => (dialect === 'sqlite' ? sqliteEquals(metadata, key, value) : postgresEquals(metadata, key, value)));
    if (listed.length > 1) matches.push(dialect === 'sqlite' ? sqliteIn(metadata, key, listed) : postgresIn(metadata, key, listed));
    return sql`(${sql.join(matches, sql` OR `)})`;
  });
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
}

/** A subquery giving each value of `values`, sent as one JSON parameter. */
function listSql(values: readonly Scalar[], dialect: Dialect, kind: 'text' | 'json'): RawBuilder<unknown> {
  const json = JSON.stringify(values);
  if (dialect === 'sqlite') return sql`SELECT value FROM json_each(${json})`;
  return kind === 'text' ? sql`SELECT jsonb_array_elements_text(${json}::jsonb)` : sql`SELECT jsonb_array_elements(${json}::jsonb)`;
}

function sqliteIn(metadata: RawBuilder<unknown>, key: string, values: readonly Scalar[]): RawBuilder<unknown> {
  // json_each gives texts as text and numbers as numbers, so "3" still does not match 3.
  return sql`json_extract(${metadata}, ${`$."${key}"`}) IN (${listSql(values, 'sqlite', 'json')})`;
}

function postgresIn(metadata: RawBuilder<unknown>, key: string, values: readonly Scalar[]): RawBuilder<unknown> {
  return sql`(${metadata})::jsonb -> ${key} IN (${listSql(values, 'postgres', 'json')})`;
}

function sqliteEquals(metadata: RawBuilder<unknown>, key: string, value: Scalar): RawBuilder<unknown> {
  // Keys cannot hold " or \ (the nodes check), so quoting them makes a valid JSON path.
  const path = `$."${key}"`;
  if (value === null) return sql`coalesce(json_type(${metadata}, ${path}), 'null') = 'null'`;
  // json_extract gives booleans as 1 and 0; json_type tells them from numbers.
  if (typeof value === 'boolean') return sql`json_type(${metadata}, ${path}) = ${value ? 'true' : 'false'}`;
  return sql`json_extract(${metadata}, ${path}) = ${value}`;
}

function postgresEquals(metadata: RawBuilder<unknown>, key: string, value: Scalar): RawBuilder<unknown> {
  if (value === null) return sql`coalesce((${metadata})::jsonb -> ${key}, 'null'::jsonb) = 'null'::jsonb`;
  // jsonb equality: strings, numbers (3 = 3.0) and booleans each only match their own kind.
  return sql`(${metadata})::jsonb -> ${key} = ${JSON.stringify(value)}::jsonb`;
}
