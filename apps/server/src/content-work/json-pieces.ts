/** Where a piece goes: keys and indexes from the top-level value down. */
export type JsonPath = readonly (string | number)[];

/**
 * A large JSON value in pieces of bounded text, so the process that receives it parses a
 * little at a time (JsonAssembly) instead of one long JSON.parse or V8 deserialisation
 * (which costs about twice JSON.parse) that would hold its event loop:
 * - `value`: the value at `at`, whole;
 * - `open`: an empty list or object at `at`, filled by the pieces that follow;
 * - `append`: items to push onto the list at `at` (a JSON list), or entries to add to the
 *   object at `at` (a JSON object).
 * A value goes whole when its text is at most PIECE_CHARS; otherwise it is opened and its
 * small children go in batches, its large ones recursively, all in order.
 */
export type JsonPiece =
  | { readonly kind: 'value'; readonly at: JsonPath; readonly json: string }
  | { readonly kind: 'open'; readonly at: JsonPath; readonly container: 'list' | 'object' }
  | { readonly kind: 'append'; readonly at: JsonPath; readonly json: string };

/** About 256 KB of JSON text: a millisecond or two of JSON.parse. */
export const PIECE_CHARS = 256 * 1024;

/** The pieces of a value that came from JSON.parse (plain data only). */
export function* jsonPieces(value: unknown, pieceChars = PIECE_CHARS): Generator<JsonPiece> {
  const sizes = new WeakMap<object, number>();
  const size = (item: unknown): number => estimate(item, sizes);
  function* emit(item: unknown, at: JsonPath): Generator<JsonPiece> {
    if (item === null || typeof item !== 'object' || size(item) <= pieceChars) {
      yield { kind: 'value', at, json: JSON.stringify(item) };
      return;
    }
    const list = Array.isArray(item);
    yield { kind: 'open', at, container: list ? 'list' : 'object' };
    let batch: string[] = [];
    let batchChars = 0;
    const flush = function* (): Generator<JsonPiece> {
      if (batch.length === 0) return;
      yield { kind: 'append', at, json: list ? `[${batch.join(',')}]` : `{${batch.join(',')}}` };
      batch = [];
      batchChars = 0;
    };
    const entries: Iterable<[string | number, unknown]> = list ? (item as unknown[]).entries() : Object.entries(item);
    for (const [key, child] of entries) {
      const childChars = size(child);
      if (child !== null && typeof child === 'object' && childChars > pieceChars) {
        yield* flush();
        yield* emit(child, [...at, key]);
        continue;
      }
      if (batchChars + childChars > pieceChars) yield* flush();
      batch.push(list ? JSON.stringify(child) : `${JSON.stringify(key)}:${JSON.stringify(child)}`);
      batchChars += childChars;
    }
    yield* flush();
  }
  yield* emit(value, []);
}

/** About the length of a value's JSON text, each container measured once. */
function estimate(value: unknown, sizes: WeakMap<object, number>): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  let total = 2;
  if (Array.isArray(value)) {
    for (const item of value) total += estimate(item, sizes) + 1;
  } else {
    for (const [key, item] of Object.entries(value)) total += key.length + 4 + estimate(item, sizes);
  }
  sizes.set(value, total);
  return total;
}
