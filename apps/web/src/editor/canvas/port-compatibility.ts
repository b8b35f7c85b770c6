import { DATA_TYPES, type DataType, findConversion, typesMatch } from '@weft/core';

/**
 * For the handle highlight while a connection is dragged: which dragged types a port
 * takes directly and which through a converter. Written onto each port as
 * space-separated lists so CSS can light up the right handles without re-rendering
 * a thousand nodes (see connection-highlight.css.ts).
 */
export interface PortCompatibility {
  direct: string;
  converted: string;
}

const cache = new Map<string, PortCompatibility>();

/** An input of type `to`: the source types it takes. */
export function inputCompatibility(to: DataType): PortCompatibility {
  return compatibilityOf(`in:${to}`, (from) => [from, to]);
}

/** An output of type `from`: the input types it can feed. */
export function outputCompatibility(from: DataType): PortCompatibility {
  return compatibilityOf(`out:${from}`, (to) => [from, to]);
}

/**
 * Every data type, sorted by how it connects with the port, worked out once per key.
 * `edge` puts a type on its side of the connection (source or target): the only
 * difference between an input and an output.
 */
function compatibilityOf(key: string, edge: (other: DataType) => [from: DataType, to: DataType]): PortCompatibility {
  let value = cache.get(key);
  if (!value) {
    const direct = (t: DataType) => typesMatch(...edge(t));
    value = {
      direct: DATA_TYPES.filter(direct).join(' '),
      converted: DATA_TYPES.filter((t) => !direct(t) && !!findConversion(...edge(t))).join(' '),
    };
    cache.set(key, value);
  }
  return value;
}
