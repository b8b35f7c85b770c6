import type { JsonPath, JsonPiece } from './json-pieces.js';

/**
 * Builds a value back from its pieces (json-pieces.ts), each parsed as it arrives. Keys
 * are defined, never assigned, so a "__proto__" key in the JSON stays a plain key, as
 * JSON.parse leaves it.
 */
export class JsonAssembly {
  private root: unknown;

  add(piece: JsonPiece): void {
    if (piece.kind === 'append') {
      const target = this.at(piece.at);
      const items: unknown = JSON.parse(piece.json);
      if (Array.isArray(target) && Array.isArray(items)) {
        for (const item of items) target.push(item);
      } else if (isObject(target) && isObject(items)) {
        for (const [key, item] of Object.entries(items)) define(target, key, item);
      } else {
        throw new Error(`JSON pieces out of order at ${piece.at.join('.')}`);
      }
      return;
    }
    const value: unknown = piece.kind === 'value' ? JSON.parse(piece.json) : piece.container === 'list' ? [] : {};
    if (piece.at.length === 0) {
      this.root = value;
      return;
    }
    const parent = this.at(piece.at.slice(0, -1));
    const key = piece.at[piece.at.length - 1] as string | number;
    if (Array.isArray(parent)) parent.push(value);
    else if (isObject(parent)) define(parent, String(key), value);
    else throw new Error(`JSON pieces out of order at ${piece.at.join('.')}`);
  }

  get value(): unknown {
    return this.root;
  }

  private at(path: JsonPath): unknown {
    let node: unknown = this.root;
    for (const key of path) node = (node as Record<string | number, unknown>)[key];
    return node;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
