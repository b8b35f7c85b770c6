import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';

/** A value's place in a statement: a named value, or a constant the query was built with. */
type Slot = { readonly name: string } | { readonly constant: unknown };

interface Compiled {
  readonly sql: string;
  readonly slots: readonly Slot[];
}

// Markers cannot clash with a real value: no stored text starts with a NUL character.
const MARK = '\u0000weft-parameter:';

/**
 * Hot statements compiled once per shape. Kysely builds and compiles a query object for
 * every call, which for the two writes of every run (and the webhook's lookup) cost about
 * 8 % of a 5-node webhook request's CPU (bench/README.md, "Where the CPU goes"), for SQL
 * text that is the same each time. `run` builds the query once per `shape` with a marker
 * in place of each named value, keeps the SQL and where each value goes, and from then on
 * sends that SQL with the values in their places. Each repository keeps its own, so one
 * database (one dialect) compiles each shape.
 *
 * `shape` must name everything that changes the SQL besides the values themselves (the
 * columns of an insert, an optional condition): two calls with one shape must build the
 * same query.
 */
export class CompiledStatements {
  private readonly compiled = new Map<string, Compiled>();

  /**
   * Runs the statement `build` makes, compiled once for `shape`. `build` gets `value(name)`,
   * which stands for `values[name]`.
   */
  run<R = unknown>(
    // biome-ignore lint/suspicious/noExplicitAny: a Kysely or a transaction of any database; only its compiler is used.
    db: Kysely<any>,
    shape: string,
    build: (value: (name: string) => string) => Compilable<R>,
    values: Readonly<Record<string, unknown>>,
  ): Promise<QueryResult<R>> {
    let statement = this.compiled.get(shape);
    if (!statement) {
      statement = compile(build(marker));
      this.compiled.set(shape, statement);
    }
    const parameters = statement.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    return db.executeQuery<R>(CompiledQuery.raw(statement.sql, parameters));
  }
}

const marker = (name: string): string => `${MARK}${name}`;

function compile(query: Compilable): Compiled {
  const { sql, parameters } = query.compile();
  const slots = parameters.map((parameter): Slot => {
    if (typeof parameter === 'string' && parameter.startsWith(MARK)) return { name: parameter.slice(MARK.length) };
    return { constant: parameter };
  });
  return { sql, slots };
}
