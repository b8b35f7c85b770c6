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
  return memo(`in:${to}`, () =>
    split(
      DATA_TYPES,
      (from) => typesMatch(from, to),
      (from) => !!findConversion(from, to),
    ),
  );
}

/** An output of type `from`: the input types it can feed. */
export function outputCompatibility(from: DataType): PortCompatibility {
  return memo(`out:${from}`, () =>
    split(
      DATA_TYPES,
      (to) => typesMatch(from, to),
      (to) => !!findConversion(from, to),
    ),
  );
}

function split(types: readonly DataType[], direct: (t: DataType) => boolean, converted: (t: DataType) => boolean): PortCompatibility {
  return {
    direct: types.filter(direct).join(' '),
    converted: types.filter((t) => !direct(t) && converted(t)).join(' '),
  };
}

function memo(key: string, make: () => PortCompatibility): PortCompatibility {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
